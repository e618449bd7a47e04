import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { ClusterContext } from "../context.ts";
import type { ClusterSchema } from "../store/schema.ts";
import { OperationError } from "../operations/operation-manager.ts";
import { whyImageIsKept, whyImageVersionIsKept } from "./image-guards.ts";
import { imageUrl } from "./image-view.ts";
import { removeImageFiles, removeImageVersionFile } from "./image-files.ts";

export const imageImportKind = "image-import";
export const imageUpdateKind = "image-update";
export const imageDeleteKind = "image-delete";
export const imageVersionDeleteKind = "image-version-delete";
export const imageVersionAddKind = "image-version-add";

export interface ImageImportPayload {
  id: string;
  /** Become the default of its type once imported. */
  makeDefault: boolean;
}

export interface ImageUpdatePayload {
  id: string;
  makeDefault: boolean;
  forceSync: boolean;
}

export interface ImageDeletePayload {
  id: string;
}

/** A version uploaded to an existing image, activated by its operation. */
export interface ImageVersionAddPayload {
  id: string;
  version: number;
}

export interface ImageVersionDeletePayload {
  id: string;
  version: number;
}

/**
 * Makes an image the default of its type and takes the flag from the previous default, in the
 * caller's transaction, so that there is always exactly one default per type. Returns the ids of
 * the images that changed.
 */
export async function makeDefaultImage(
  tx: Kysely<ClusterSchema>,
  id: string,
  type: string,
): Promise<string[]> {
  const previous = await tx
    .selectFrom("images")
    .select("id")
    .where("type", "=", type)
    .where("is_default", "=", 1)
    .where("id", "!=", id)
    .execute();
  await tx
    .updateTable("images")
    .set((eb) => ({ is_default: 0, revision: eb("revision", "+", 1) }))
    .where("type", "=", type)
    .where("is_default", "=", 1)
    .where("id", "!=", id)
    .execute();
  const result = await tx
    .updateTable("images")
    .set((eb) => ({ is_default: 1, revision: eb("revision", "+", 1) }))
    .where("id", "=", id)
    .where("is_default", "=", 0)
    .executeTakeFirst();
  const changed = previous.map((image) => image.id);
  if (result.numUpdatedRows > 0n) changed.push(id);
  return changed;
}

/** Registers the operations that import, change and delete images and image versions. */
export function registerImageOperations({ operations, db, events, options }: ClusterContext): void {
  const announce = (action: "image-created" | "image-updated" | "image-deleted", id: string) => {
    events.publish({ type: "lifecycle", metadata: { action, source: imageUrl(id) } });
  };

  // The image row exists (initializing) since the request; this "downloads" it and activates it.
  operations.registerKind<ImageImportPayload>(imageImportKind, {
    onRestart: "resume",
    run: async ({ id, makeDefault }, { signal }) => {
      if (options.bootStepDelayMs > 0) await sleep(options.bootStepDelayMs, undefined, { signal });
      const changed = await db.transaction().execute(async (tx) => {
        const image = await tx
          .selectFrom("images")
          .select(["type", "status"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!image) throw new OperationError(`Image ${id} was deleted while it was being imported`);
        if (image.status === "active") return [];
        await tx
          .updateTable("image_versions")
          .set({ status: "active" })
          .where("image_id", "=", id)
          .where("status", "=", "initializing")
          .execute();
        await tx
          .updateTable("images")
          .set((eb) => ({ status: "active", revision: eb("revision", "+", 1) }))
          .where("id", "=", id)
          .execute();
        return makeDefault ? makeDefaultImage(tx, id, image.type) : [];
      });
      announce("image-created", id);
      for (const other of changed) if (other !== id) announce("image-updated", other);
      return { id };
    },
  });

  // The version row exists (initializing) since the upload; this "distributes" it to the nodes.
  operations.registerKind<ImageVersionAddPayload>(imageVersionAddKind, {
    onRestart: "resume",
    run: async ({ id, version }, { signal }) => {
      if (options.bootStepDelayMs > 0) await sleep(options.bootStepDelayMs, undefined, { signal });
      const result = await db
        .updateTable("image_versions")
        .set({ status: "active" })
        .where("image_id", "=", id)
        .where("version", "=", version)
        .where("status", "=", "initializing")
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) {
        await db
          .updateTable("images")
          .set((eb) => ({ revision: eb("revision", "+", 1) }))
          .where("id", "=", id)
          .execute();
        announce("image-updated", id);
      }
      return { id, version };
    },
  });

  operations.registerKind<ImageUpdatePayload>(imageUpdateKind, {
    onRestart: "resume",
    run: async ({ id, makeDefault, forceSync }) => {
      const changed = await db.transaction().execute(async (tx) => {
        const image = await tx
          .selectFrom("images")
          .select(["type", "status"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!image) throw new OperationError(`Image ${id} no longer exists`);
        const ids = makeDefault ? await makeDefaultImage(tx, id, image.type) : [];
        // Images here are always in sync with the image server: a sync only settles an image
        // left "available" (known remotely but not downloaded).
        if (forceSync && image.status === "available") {
          await tx
            .updateTable("images")
            .set((eb) => ({ status: "active", revision: eb("revision", "+", 1) }))
            .where("id", "=", id)
            .execute();
          if (!ids.includes(id)) ids.push(id);
        }
        return ids;
      });
      for (const other of changed) announce("image-updated", other);
      return { id };
    },
  });

  operations.registerKind<ImageDeletePayload>(imageDeleteKind, {
    onRestart: "resume",
    run: async ({ id }) => {
      const removed = await db.transaction().execute(async (tx) => {
        const image = await tx
          .selectFrom("images")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!image) return false;
        // Checked again here: an application may have been created on it since the request.
        const reason = await whyImageIsKept(tx, image);
        if (reason !== undefined) throw new OperationError(reason);
        await tx.deleteFrom("image_versions").where("image_id", "=", id).execute();
        await tx.deleteFrom("images").where("id", "=", id).execute();
        return true;
      });
      // Uploaded images keep their packages in the data directory; provided ones have none.
      await removeImageFiles(options.dataDir, id);
      if (removed) announce("image-deleted", id);
      return { id };
    },
  });

  operations.registerKind<ImageVersionDeletePayload>(imageVersionDeleteKind, {
    onRestart: "resume",
    run: async ({ id, version }) => {
      const removed = await db.transaction().execute(async (tx) => {
        const image = await tx
          .selectFrom("images")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!image) throw new OperationError(`Image ${id} no longer exists`);
        const exists = await tx
          .selectFrom("image_versions")
          .select("version")
          .where("image_id", "=", id)
          .where("version", "=", version)
          .executeTakeFirst();
        if (!exists) return false;
        const reason = await whyImageVersionIsKept(tx, image, version);
        if (reason !== undefined) throw new OperationError(reason);
        await tx
          .deleteFrom("image_versions")
          .where("image_id", "=", id)
          .where("version", "=", version)
          .execute();
        await tx
          .updateTable("images")
          .set((eb) => ({ revision: eb("revision", "+", 1) }))
          .where("id", "=", id)
          .execute();
        return true;
      });
      await removeImageVersionFile(options.dataDir, id, version);
      if (removed) announce("image-updated", id);
      return { id, version };
    },
  });
}
