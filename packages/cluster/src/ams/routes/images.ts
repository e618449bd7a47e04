import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  imageDeleteSchema,
  imagePatchSchema,
  imagesPostSchema,
  imageTypeQuerySchema,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../../context.ts";
import type { ImagesTable } from "../../store/schema.ts";
import { syncResponse } from "../envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../../http/validate.ts";
import { versionParamSchema } from "../../http/version-param.ts";
import { parseListQuery } from "../../http/list-query.ts";
import { checkIfMatch, etagOf, setEtag } from "../../http/etag.ts";
import { sendOperation } from "../../http/async-response.ts";
import { isUploadStream, passUploadsThrough } from "../../http/receive-upload.ts";
import { uploadImage, uploadImageVersion } from "../../images/upload-image.ts";
import { readSetting } from "../../settings/read-setting.ts";
import { imageUrl, readImageViews } from "../../images/image-view.ts";
import { findImage } from "../../images/find-image.ts";
import { whyImageIsKept, whyImageVersionIsKept } from "../../images/image-guards.ts";
import {
  findProvidedImage,
  insertImportedImage,
  providedImageList,
} from "../../images/import-image.ts";
import {
  imageDeleteKind,
  imageImportKind,
  imageUpdateKind,
  imageVersionDeleteKind,
  registerImageOperations,
  type ImageDeletePayload,
  type ImageImportPayload,
  type ImageUpdatePayload,
  type ImageVersionDeletePayload,
} from "../../images/image-operations.ts";

const imageParamsSchema = z.object({
  id: z.string().min(1, "must not be empty").max(255, "is too long to be an image id or name"),
});

const versionParamsSchema = imageParamsSchema.extend({
  version: versionParamSchema,
});

/**
 * `GET/POST /1.0/images`, `GET/PATCH/DELETE /1.0/images/{id_or_name}`, `DELETE .../{version}`.
 * `POST /1.0/images/` and `PATCH /1.0/images/{id}` also take an image package as a raw body.
 */
export function registerImagesRoutes(app: FastifyInstance, context: ClusterContext): void {
  registerImageOperations(context);
  // An encapsulated plugin, so that uploads pass through unbuffered on these routes only.
  void app.register((scoped, _options, done) => {
    passUploadsThrough(scoped);
    registerRoutes(scoped, context);
    done();
  });
}

function registerRoutes(app: FastifyInstance, context: ClusterContext): void {
  const { db, operations } = context;

  /** The image a request names (`?type=` picks between a container and a VM image of one name). */
  const imageOf = async (request: FastifyRequest): Promise<ImagesTable> => {
    const { id } = parseInput(imageParamsSchema, request.params, "image");
    const { type } = parseInput(imageTypeQuerySchema.loose(), request.query ?? {}, "image type");
    const image = await findImage(db, id, type);
    if (!image) throw new HttpError(404, `Image ${id}${type ? ` (${type})` : ""} not found`);
    return image;
  };

  app.get("/1.0/images", async (request) => {
    const { recursion, limit, offset } = parseListQuery(request.query);
    const { type } = parseInput(imageTypeQuerySchema.loose(), request.query ?? {}, "image filter");
    const views = await readImageViews(db, type === undefined ? {} : { type });
    const page = views.slice(offset, limit === undefined ? undefined : offset + limit);
    return syncResponse(
      recursion ? page.map((view) => view.image) : page.map((view) => imageUrl(view.image.id)),
      views.length,
    );
  });

  app.get("/1.0/images/:id", async (request, reply) => {
    const image = await imageOf(request);
    const [view] = await readImageViews(db, { id: image.id });
    if (!view) throw new HttpError(404, `Image ${image.id} not found`);
    setEtag(reply, etagOf("image", image.id, view.revision));
    return syncResponse(view.image);
  });

  // JSON imports from the image server; a raw body is an uploaded package (AMS posts it to
  // `/1.0/images/`; the plain path takes it as well).
  const postImage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isUploadStream(request.body))
      return sendOperation(reply, await uploadImage(context, request));
    const input = parseInput(imagesPostSchema, request.body, "image import");
    if (input.source !== undefined) {
      throw new HttpError(
        400,
        "Creating an image from a source (publishing an instance) is not supported by this cluster; import a provided image by name",
      );
    }
    const provided = findProvidedImage(input.name, input.type);
    if (!provided) {
      const server = await readSetting(db, "images.url");
      const what = input.type === undefined ? input.name : `${input.name} (${input.type})`;
      throw new HttpError(
        404,
        `The image server ${server} has no image ${what}; available: ${providedImageList()}`,
      );
    }
    const taken = new HttpError(
      409,
      `An image ${provided.name} of type ${provided.type} already exists`,
    );
    let id: string | undefined;
    try {
      id = await insertImportedImage(db, provided);
    } catch (error) {
      // A concurrent import of the same image fails on the (name, type) unique constraint.
      if (await findImage(db, provided.name, provided.type)) throw taken;
      throw error;
    }
    if (id === undefined) throw taken;
    const operation = await operations.start<ImageImportPayload>({
      kind: imageImportKind,
      description: "Importing image",
      resources: { images: [imageUrl(id)] },
      payload: { id, makeDefault: input.default === true },
    });
    return sendOperation(reply, operation);
  };
  app.post("/1.0/images", postImage);
  app.post("/1.0/images/", postImage);

  const patchImage = async (request: FastifyRequest) => {
    const image = await imageOf(request);
    const patch = parseInput(imagePatchSchema, request.body, "image change");
    checkIfMatch(request, etagOf("image", image.id, image.revision));
    if (patch.default === false && image.is_default === 1) {
      throw new HttpError(
        400,
        `Image ${image.name} (${image.type}) stays the default ${image.type} image until another image is made the default`,
      );
    }
    if (patch.default === true && image.status !== "active") {
      throw new HttpError(
        400,
        `Image ${image.name} (${image.type}) is ${image.status}, not active: it cannot be the default yet`,
      );
    }
    return operations.start<ImageUpdatePayload>({
      kind: imageUpdateKind,
      description: "Updating image",
      resources: { images: [imageUrl(image.id)] },
      payload: {
        id: image.id,
        makeDefault: patch.default === true,
        forceSync: patch.force_sync === true,
      },
    });
  };
  // AMS takes metadata changes on `/1.0/images/{id}/`; the plain path is accepted as well, and
  // takes a raw body as a new version's package.
  app.patch("/1.0/images/:id", async (request, reply) => {
    if (!isUploadStream(request.body)) return sendOperation(reply, await patchImage(request));
    const image = await imageOf(request);
    checkIfMatch(request, etagOf("image", image.id, image.revision));
    return sendOperation(reply, await uploadImageVersion(context, request, image));
  });
  app.patch("/1.0/images/:id/", async (request, reply) =>
    sendOperation(reply, await patchImage(request)),
  );

  app.delete("/1.0/images/:id", async (request, reply) => {
    const image = await imageOf(request);
    // `force` is accepted; it does not override the rules below (AMS keeps them too).
    parseInput(imageDeleteSchema, request.body ?? {}, "image removal");
    const reason = await whyImageIsKept(db, image);
    if (reason !== undefined) throw new HttpError(400, reason);
    const operation = await operations.start<ImageDeletePayload>({
      kind: imageDeleteKind,
      description: "Deleting image",
      resources: { images: [imageUrl(image.id)] },
      payload: { id: image.id },
    });
    return sendOperation(reply, operation);
  });

  app.delete("/1.0/images/:id/:version", async (request, reply) => {
    const { version } = parseInput(versionParamsSchema, request.params, "image version");
    const image = await imageOf(request);
    const exists = await db
      .selectFrom("image_versions")
      .select("version")
      .where("image_id", "=", image.id)
      .where("version", "=", version)
      .executeTakeFirst();
    if (!exists) {
      throw new HttpError(404, `Image ${image.name} (${image.type}) has no version ${version}`);
    }
    const reason = await whyImageVersionIsKept(db, image, version);
    if (reason !== undefined) throw new HttpError(400, reason);
    const operation = await operations.start<ImageVersionDeletePayload>({
      kind: imageVersionDeleteKind,
      description: "Deleting image version",
      resources: { images: [imageUrl(image.id)] },
      payload: { id: image.id, version },
    });
    return sendOperation(reply, operation);
  });
}
