import type { ImageType } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { ImagesTable } from "../store/schema.ts";
import { idPattern } from "../store/ids.ts";

/**
 * The image an `{id_or_name}` path segment designates: by id first, else by name. A name can exist
 * once per type (the provided images have a container and a VM variant of the same name), so
 * `type` picks one; without it the container image wins, as in AMS (`?type` defaults to container).
 */
export async function findImage(
  db: ClusterDatabase,
  idOrName: string,
  type?: ImageType,
): Promise<ImagesTable | undefined> {
  if (idPattern.test(idOrName)) {
    const byId = await db
      .selectFrom("images")
      .selectAll()
      .where("id", "=", idOrName)
      .executeTakeFirst();
    if (byId && (type === undefined || byId.type === type)) return byId;
  }
  let query = db.selectFrom("images").selectAll().where("name", "=", idOrName);
  if (type !== undefined) query = query.where("type", "=", type);
  const byName = await query.execute();
  return byName.find((image) => image.type === "container") ?? byName[0];
}
