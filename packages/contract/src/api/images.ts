// The dashboard's `/api/images...` calls: what the browser sends and receives. The server answers
// them from the clusters' `/1.0/images` API; every image carries its `clusterId`.
import { z } from "zod";
import { imageStatusCodes, imageTypes, type ImageStatus } from "../ams/image.ts";
import type { ClusterImage } from "./catalog.ts";
import type { ClusterOperation } from "./operations.ts";
import { commaListOf, pagedListFields, searchField, subclustersField } from "./list-query.ts";
import type { UnreachableCluster } from "./cluster.ts";

/** Sort keys of `GET /api/images?orderBy=`; the default is `name`. */
export const imagesListOrderBy = ["name", "type", "status", "size", "created_at"] as const;
export type ImagesListOrderBy = (typeof imagesListOrderBy)[number];

/** Every status an image can be in, for the status filter. */
export const imageStatuses = Object.keys(imageStatusCodes) as ImageStatus[];

/** The longest search of the images list. */
export const imageSearchMaxLength = 255;

/**
 * Query of `GET /api/images`. `search` matches a part of the name, whatever the case; `type`
 * matches exactly; `status` takes a comma-joined list; `subclusters` names the clusters to list
 * (all when absent). Every message names its parameter.
 */
export const imagesListQuerySchema = z.object({
  ...pagedListFields(imagesListOrderBy, "name"),
  search: searchField(imageSearchMaxLength),
  type: z.enum(imageTypes, { message: `type must be ${imageTypes.join(" or ")}` }).optional(),
  status: commaListOf("status", imageStatuses).optional(),
  subclusters: subclustersField,
});
export type ImagesListQuery = z.input<typeof imagesListQuerySchema>;
export type ImagesListParsed = z.output<typeof imagesListQuerySchema>;

/** `GET /api/images`: one page (filtered, sorted and paged in the server) and how many match. */
export interface ImagesListResponse {
  metadata: ClusterImage[];
  total_size: number;
  /** The clusters that did not answer, when others did: their items are missing. */
  unreachable?: UnreachableCluster[];
}

/** `GET /api/images/{id}?clusterId=`. */
export interface ImageResponse {
  metadata: ClusterImage;
}

/**
 * `PATCH /api/images/{id}?clusterId=`: make it the default of its type (one per type per cluster,
 * the previous default losing the flag) or sync it with the image server.
 */
export const imagePatchBodySchema = z
  .strictObject(
    {
      default: z.literal(true, { message: "default can only be set to true" }).optional(),
      force_sync: z.literal(true, { message: "force_sync can only be set to true" }).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${issue.keys.join(", ")} cannot be changed: an image takes default or force_sync only`
          : "the body must be an object with default or force_sync",
    },
  )
  .refine((body) => body.default !== undefined || body.force_sync !== undefined, {
    message: "the body must set default or force_sync",
  });
export type ImagePatchBody = z.infer<typeof imagePatchBodySchema>;

/** Path of `DELETE /api/images/{id}/versions/{version}`. */
export const imageVersionParamSchema = z
  .string()
  .regex(/^\d{1,9}$/, "version must be a whole number")
  .transform(Number);

/** Answer of every image write: the cluster's operation, which ends as events tell. */
export interface ImageOperationResponse {
  metadata: ClusterOperation;
}

/** An application or instance built on an image, as `GET /api/images/{id}/used-by` names it. */
export interface ImageUser {
  id: string;
  name: string;
  status: string;
  /** The image version it runs (instances only). */
  image_version?: number;
}

/** `GET /api/images/{id}/used-by?clusterId=`: what uses the image, each list by name. */
export interface ImageUsedByResponse {
  metadata: {
    applications: ImageUser[];
    instances: ImageUser[];
    /** How many instances use it in all (the list holds the first page of them). */
    instances_total: number;
  };
}

const imageNameField = z
  .string({ message: "name must be the name of an image" })
  .trim()
  .min(1, "name must not be empty")
  .max(255, "name must be at most 255 characters");

/**
 * `POST /api/images?clusterId=`: imports the image `name` from the cluster's image server
 * (`type` container unless given; `default` makes it the default of its type once imported).
 */
export const imageImportBodySchema = z.strictObject(
  {
    name: imageNameField,
    type: z.enum(imageTypes, { message: `type must be ${imageTypes.join(" or ")}` }).optional(),
    default: z.boolean({ message: "default must be true or false" }).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")} is not a field of an image import (name, type, default)`
        : "the body must be an object with the image's name",
  },
);
export type ImageImportBody = z.infer<typeof imageImportBodySchema>;

/**
 * The text fields of `POST /api/images/upload?clusterId=` (multipart/form-data, sent before the
 * one file field `package`): the new image's name, its type and whether it becomes the default.
 */
export const imageUploadFieldsSchema = z.strictObject(
  {
    name: imageNameField,
    type: z
      .enum(imageTypes, { message: `type must be ${imageTypes.join(" or ")}` })
      .default("container"),
    default: z
      .enum(["true", "false"], { message: "default must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.join(", ")} is not a field of an image upload (name, type, default, package)`
        : "the form must hold the image's name",
  },
);
export type ImageUploadFields = z.output<typeof imageUploadFieldsSchema>;

/** The form field of `POST /api/images/upload` that carries the image package, sent last. */
export const imageUploadFileField = "package";
