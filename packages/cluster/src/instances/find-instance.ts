import type { ClusterDatabase } from "../store/database.ts";
import type { InstancesTable } from "../store/schema.ts";
import { instanceNameMaxLength } from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";

// Ids are 20 lower-case base32hex characters; names follow SPEC section 5. Anything else in a URL
// is refused before it reaches the database. An id is shorter than the longest name, so the name's
// bound covers both.
const idOrNamePattern = new RegExp(`^[A-Za-z0-9-]{1,${instanceNameMaxLength}}$`);

/** The instance with this id, or else with this name (ids win: a name may look like an id). */
export async function findInstance(
  db: ClusterDatabase,
  idOrName: string,
): Promise<InstancesTable | undefined> {
  if (!idOrNamePattern.test(idOrName)) return undefined;
  const rows = await db
    .selectFrom("instances")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", idOrName), eb("name", "=", idOrName)]))
    .execute();
  return rows.find((row) => row.id === idOrName) ?? rows[0];
}

/** As findInstance, answering 400 for a malformed id and 404 for an unknown one. */
export async function requireInstance(
  db: ClusterDatabase,
  idOrName: string,
): Promise<InstancesTable> {
  if (!idOrNamePattern.test(idOrName)) {
    throw new HttpError(
      400,
      `Invalid instance id or name "${idOrName.slice(0, 80)}": use letters, digits and hyphens (at most ${instanceNameMaxLength})`,
    );
  }
  const row = await findInstance(db, idOrName);
  if (!row) throw new HttpError(404, `Instance "${idOrName}" not found`);
  return row;
}

/** The public address of a node ("" for none or an unknown node), for an instance's `public_address`. */
export async function loadPublicAddress(db: ClusterDatabase, node: string): Promise<string> {
  if (node === "") return "";
  const row = await db
    .selectFrom("nodes")
    .select("public_address")
    .where("name", "=", node)
    .executeTakeFirst();
  return row?.public_address ?? "";
}
