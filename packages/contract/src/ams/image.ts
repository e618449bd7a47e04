import { z } from "zod";

/** Image and image version statuses and their codes (reference 2.5; AMS-SDK `ImageStatus`). */
export const imageStatusCodes = {
  error: -1,
  unknown: 0,
  initializing: 1,
  created: 2,
  active: 3,
  deleted: 4,
  available: 5,
  queued: 6,
} as const;
export type ImageStatus = keyof typeof imageStatusCodes;

export const imageTypes = ["container", "vm"] as const;
export type ImageType = (typeof imageTypes)[number];

const imageTypeSchema = z.enum(imageTypes, { message: 'must be "container" or "vm"' });

/** One version of an image (AMS `ImageVersion`). `created_at` is Unix seconds. */
export const amsImageVersionSchema = z.object({
  version: z.number(),
  fingerprint: z.string(),
  size: z.number(),
  created_at: z.number(),
  remote_id: z.string(),
  status: z.string(),
  status_code: z.number(),
  error_message: z.string(),
});
export type AmsImageVersion = z.infer<typeof amsImageVersionSchema>;

/** An image as `GET /1.0/images/{id}` answers it (AMS `Image`). `used_by` lists application ids. */
export const amsImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  variant: z.string(),
  architecture: z.string(),
  capabilities: z.array(z.string()),
  default: z.boolean(),
  immutable: z.boolean(),
  used_by: z.array(z.string()),
  status: z.string(),
  status_code: z.number(),
  versions: z.array(amsImageVersionSchema),
});
export type AmsImage = z.infer<typeof amsImageSchema>;

/**
 * `POST /1.0/images` (AMS `ImagesPost`): imports the image `name` of `type` (container unless only
 * a VM image has that name) from the image server. `source` (publishing an instance) is refused by
 * the cluster with a clear message rather than rejected as an unknown field.
 */
export const imagesPostSchema = z.strictObject({
  name: z
    .string({ message: "must be the name of an image on the image server" })
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters"),
  type: imageTypeSchema.optional(),
  default: z.boolean({ message: "must be true or false" }).optional(),
  path: z.string({ message: "must be a string" }).optional(),
  source: z.unknown().optional(),
});
export type ImagesPost = z.infer<typeof imagesPostSchema>;

/** `PATCH /1.0/images/{id}` (AMS `ImagePatch`). */
export const imagePatchSchema = z
  .strictObject({
    default: z.boolean({ message: "must be true or false" }).optional(),
    force_sync: z.boolean({ message: "must be true or false" }).optional(),
  })
  .refine((patch) => patch.default !== undefined || patch.force_sync !== undefined, {
    message: "no field to change (send default or force_sync)",
  });
export type ImagePatch = z.infer<typeof imagePatchSchema>;

/** `DELETE /1.0/images/{id}` body (AMS `ImageDelete`). */
export const imageDeleteSchema = z.strictObject({
  force: z.boolean({ message: "must be true or false" }).optional(),
});

/** The `type` query parameter of the image endpoints. */
export const imageTypeQuerySchema = z.object({ type: imageTypeSchema.optional() });
