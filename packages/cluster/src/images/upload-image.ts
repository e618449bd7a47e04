import type { FastifyRequest } from "fastify";
import type { AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { defaultMaxImageUploadBytes } from "../options.ts";
import type { ImagesTable } from "../store/schema.ts";
import { newId } from "../store/ids.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../http/validate.ts";
import {
  readAmsRequestHeader,
  receiveUpload,
  type ReceivedUpload,
} from "../http/receive-upload.ts";
import { findImage } from "./find-image.ts";
import { imagePackagePath, removeImageFiles } from "./image-files.ts";
import { imageUrl } from "./image-view.ts";
import {
  imageImportKind,
  imageVersionAddKind,
  type ImageImportPayload,
  type ImageVersionAddPayload,
} from "./image-operations.ts";
import { imageUploadRequestSchema } from "./image-upload-request.ts";
import { readImagePackage } from "./read-image-package.ts";

const what = "image package";

function receiveImagePackage(
  context: ClusterContext,
  request: FastifyRequest,
): Promise<ReceivedUpload> {
  return receiveUpload(request, {
    dataDir: context.options.dataDir,
    maxBytes: context.options.maxImageUploadBytes ?? defaultMaxImageUploadBytes,
    what,
  });
}

function nameTaken(name: string, type: string): HttpError {
  return new HttpError(409, `An image ${name} of type ${type} already exists`);
}

/**
 * `POST /1.0/images/` with an image package as the raw body and `X-AMS-Request:
 * {"name","default","type"}`: checks the request before reading a byte, streams the package to a
 * temporary file, checks the package from it, then records the image (initializing, version 0
 * with the upload's SHA-256 and size) and starts the operation that activates it, as an import
 * does. The package is kept as `images/<id>/0.pkg`; on any refusal nothing is left behind.
 */
export async function uploadImage(
  context: ClusterContext,
  request: FastifyRequest,
): Promise<AmsOperation> {
  const { db, operations, options } = context;
  const input = parseInput(
    imageUploadRequestSchema,
    readAmsRequestHeader(request) ?? {},
    "X-AMS-Request",
  );
  const type = input.type ?? "container";
  if (await findImage(db, input.name, type)) throw nameTaken(input.name, type);

  const upload = await receiveImagePackage(context, request);
  const id = newId();
  try {
    const metadata = await readImagePackage(upload.path);
    await upload.keepAs(imagePackagePath(options.dataDir, id, 0));
    const now = Math.floor(Date.now() / 1000);
    let inserted: boolean;
    try {
      inserted = await db.transaction().execute(async (tx) => {
        const sameType = await tx
          .selectFrom("images")
          .select("name")
          .where("type", "=", type)
          .execute();
        if (sameType.some((image) => image.name === input.name)) return false;
        await tx
          .insertInto("images")
          .values({
            id,
            name: input.name,
            type,
            variant: metadata.variant,
            architecture: metadata.architecture,
            capabilities: "[]",
            // Every type with images has a default: the first image of a type is it at once.
            is_default: sameType.length === 0 ? 1 : 0,
            immutable: 0,
            status: "initializing",
            created_at: now,
            revision: 1,
          })
          .execute();
        await tx
          .insertInto("image_versions")
          .values({
            image_id: id,
            version: 0,
            fingerprint: upload.sha256,
            size: upload.size,
            remote_id: "",
            status: "initializing",
            error_message: "",
            created_at: now,
          })
          .execute();
        return true;
      });
    } catch (error) {
      // A concurrent upload of the same name fails on the (name, type) unique constraint.
      if (await findImage(db, input.name, type)) inserted = false;
      else throw error;
    }
    if (!inserted) throw nameTaken(input.name, type);
    return await operations.start<ImageImportPayload>({
      kind: imageImportKind,
      description: "Uploading image",
      resources: { images: [imageUrl(id)] },
      payload: { id, makeDefault: input.default === true },
    });
  } catch (error) {
    await upload.discard();
    await removeImageFiles(options.dataDir, id);
    throw error;
  }
}

/**
 * `PATCH /1.0/images/{id}` with an image package as the raw body: a new version of `image` (the
 * next number, initializing until its operation activates it), kept as `images/<id>/<n>.pkg`.
 */
export async function uploadImageVersion(
  context: ClusterContext,
  request: FastifyRequest,
  image: ImagesTable,
): Promise<AmsOperation> {
  const { db, operations, options } = context;
  const upload = await receiveImagePackage(context, request);
  try {
    const metadata = await readImagePackage(upload.path);
    if (metadata.architecture !== image.architecture) {
      throw new HttpError(
        400,
        `Invalid image package: its architecture is ${metadata.architecture}, but image ${image.name} is ${image.architecture}`,
      );
    }
    const version = await db.transaction().execute(async (tx) => {
      const latest = await tx
        .selectFrom("image_versions")
        .select((eb) => eb.fn.max<number | string | null>("version").as("version"))
        .where("image_id", "=", image.id)
        .executeTakeFirst();
      // Numbers from SQLite, possibly strings from PostgreSQL; null when the image has no version.
      const highest = latest?.version ?? null;
      const next = highest === null ? 0 : Number(highest) + 1;
      await upload.keepAs(imagePackagePath(options.dataDir, image.id, next));
      await tx
        .insertInto("image_versions")
        .values({
          image_id: image.id,
          version: next,
          fingerprint: upload.sha256,
          size: upload.size,
          remote_id: "",
          status: "initializing",
          error_message: "",
          created_at: Math.floor(Date.now() / 1000),
        })
        .execute();
      await tx
        .updateTable("images")
        .set((eb) => ({ revision: eb("revision", "+", 1) }))
        .where("id", "=", image.id)
        .execute();
      return next;
    });
    return await operations.start<ImageVersionAddPayload>({
      kind: imageVersionAddKind,
      description: "Uploading image version",
      resources: { images: [imageUrl(image.id)] },
      payload: { id: image.id, version },
    });
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
