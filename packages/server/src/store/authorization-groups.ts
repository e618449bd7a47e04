import {
  groupNameError,
  type GroupSummary,
  isEntitlement,
  isResourceName,
  type Entitlement,
  type Grant,
  type GrantedBy,
  type GroupLimit,
  type ResourceName,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Database } from "./database.ts";
import { groupLimits, replaceLimits } from "./group-limits.ts";

/** Runs `work` in a transaction, or in the one `db` already is (Kysely nests none). */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The group that holds `admin` on `server`: it cannot be removed nor its permissions changed. */
export const adminGroupName = "admin";

/** A permission a user holds, and where from: a group, or being the owner of its resource. */
export type HeldGrant = Grant & { grantedBy: GrantedBy };

/**
 * What a user holds through their groups: every permission of every group they are a member of.
 * A stored permission this version does not know (written by a newer one) grants nothing rather
 * than failing.
 */
export async function grantsOf(db: Database, userId: string): Promise<HeldGrant[]> {
  const rows = await db
    .selectFrom("auth_group_members")
    .innerJoin(
      "auth_group_permissions",
      "auth_group_permissions.group_name",
      "auth_group_members.group_name",
    )
    .select([
      "auth_group_permissions.group_name",
      "auth_group_permissions.entitlement",
      "auth_group_permissions.resource",
    ])
    .where("auth_group_members.user_id", "=", userId)
    .orderBy("auth_group_permissions.group_name")
    .execute();
  const grants: HeldGrant[] = [];
  for (const { group_name, entitlement, resource } of rows) {
    if (isEntitlement(entitlement) && isResourceName(resource)) {
      grants.push({ entitlement, resource, grantedBy: { group: group_name } });
    }
  }
  return grants;
}

/** Every group, by name, with how many identities and permissions it holds. */
export async function listGroups(db: Database): Promise<GroupSummary[]> {
  const rows = await db
    .selectFrom("auth_groups")
    .select((eb) => [
      "auth_groups.name",
      "auth_groups.description",
      eb
        .selectFrom("auth_group_members")
        .select(eb.fn.countAll<number | string>().as("n"))
        .whereRef("auth_group_members.group_name", "=", "auth_groups.name")
        .as("identities"),
      eb
        .selectFrom("auth_group_permissions")
        .select(eb.fn.countAll<number | string>().as("n"))
        .whereRef("auth_group_permissions.group_name", "=", "auth_groups.name")
        .as("permissions"),
    ])
    .orderBy("auth_groups.name")
    .execute();
  return rows.map((row) => ({
    name: row.name,
    description: row.description,
    identities: Number(row.identities ?? 0),
    permissions: Number(row.permissions ?? 0),
  }));
}

export interface StoredGroup {
  name: string;
  description: string;
  permissions: Grant[];
  limits: GroupLimit[];
  /** Its members' user ids. */
  identities: string[];
}

/** A group with its permissions and members; a 404 naming it when there is none. */
export async function readGroup(db: Database, name: string): Promise<StoredGroup> {
  const group = await db
    .selectFrom("auth_groups")
    .select(["name", "description"])
    .where("name", "=", name)
    .executeTakeFirst();
  if (group === undefined) throw new HttpError(404, `No group named "${name}".`);
  const permissions = await db
    .selectFrom("auth_group_permissions")
    .select(["entitlement", "resource"])
    .where("group_name", "=", name)
    .orderBy("resource")
    .orderBy("entitlement")
    .execute();
  const members = await db
    .selectFrom("auth_group_members")
    .select("user_id")
    .where("group_name", "=", name)
    .orderBy("user_id")
    .execute();
  return {
    ...group,
    permissions: permissions.flatMap(({ entitlement, resource }) =>
      isEntitlement(entitlement) && isResourceName(resource) ? [{ entitlement, resource }] : [],
    ),
    identities: members.map((member) => member.user_id),
    limits: await groupLimits(db, name),
  };
}

/**
 * Locks a group's row until the end of the transaction (a write that changes nothing): writes to
 * its members and permissions then wait for one another, and for its deletion.
 */
export async function lockGroup(db: Database, name: string): Promise<void> {
  await db.updateTable("auth_groups").set({ name }).where("name", "=", name).execute();
}

/**
 * Makes a group with no members nor permissions: a 409 when the name is taken. Rows a deleted
 * group of that name may have left (none should) are cleared: a new group starts empty.
 */
export async function createGroup(
  db: Database,
  name: string,
  description: string,
  creatorId?: string,
  now = new Date(),
): Promise<void> {
  const nameError = groupNameError(name);
  if (nameError !== undefined) throw new HttpError(400, nameError);
  await inTransaction(db, async (tx) => {
    const result = await tx
      .insertInto("auth_groups")
      .values({ name, description, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new HttpError(409, `A group named "${name}" exists already.`);
    }
    await tx.deleteFrom("auth_group_members").where("group_name", "=", name).execute();
    await tx.deleteFrom("auth_group_permissions").where("group_name", "=", name).execute();
    await tx.deleteFrom("resource_owners").where("resource", "=", `group:${name}`).execute();
    await tx.deleteFrom("auth_provider_groups").where("group_name", "=", name).execute();
    await clearQuotaRows(tx, name);
    // Who made it may view, change and delete it (can_create_groups alone gives nothing on it).
    if (creatorId !== undefined) {
      await tx
        .insertInto("resource_owners")
        .values({ resource: `group:${name}`, user_id: creatorId, created_at: now.toISOString() })
        .execute();
    }
  });
}

/**
 * Deletes a group, its members' memberships and its permissions; never `admin`. `check` sees the
 * group as it is, in the transaction, and throws to refuse.
 */
export async function deleteGroup(
  db: Database,
  name: string,
  check: (group: StoredGroup) => void = () => undefined,
): Promise<void> {
  if (name === adminGroupName) {
    throw new HttpError(400, `The ${adminGroupName} group cannot be deleted.`);
  }
  await inTransaction(db, async (tx) => {
    await lockGroup(tx, name);
    check(await readGroup(tx, name));
    const result = await tx.deleteFrom("auth_groups").where("name", "=", name).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new HttpError(404, `No group named "${name}".`);
    await tx.deleteFrom("auth_group_members").where("group_name", "=", name).execute();
    await tx.deleteFrom("auth_group_permissions").where("group_name", "=", name).execute();
    await tx.deleteFrom("resource_owners").where("resource", "=", `group:${name}`).execute();
    await tx.deleteFrom("auth_provider_groups").where("group_name", "=", name).execute();
    await clearQuotaRows(tx, name);
  });
}

/**
 * A group's limits and what is charged to it: gone with it, none for a new one. (A stream view or
 * share link naming it counts against a group of that name no more: the name is looked up anew.)
 */
async function clearQuotaRows(tx: Database, name: string): Promise<void> {
  await tx.deleteFrom("auth_group_limits").where("group_name", "=", name).execute();
  await tx.deleteFrom("quota_charges").where("group_name", "=", name).execute();
}

/**
 * Replaces a group's description and permissions as a whole (as Anbox's PUT does). The `admin`
 * group's permissions cannot change (its description can). `check` sees the group as it was, in
 * the transaction that changes it, and throws to refuse.
 */
export async function replaceGroup(
  db: Database,
  name: string,
  update: {
    description?: string | undefined;
    permissions: readonly Grant[];
    /** Replaced as a whole when given, else kept. */
    limits?: readonly GroupLimit[] | undefined;
  },
  check: (before: StoredGroup) => void = () => undefined,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockGroup(tx, name);
    const before = await readGroup(tx, name);
    check(before);
    if (name === adminGroupName && !samePermissions(before.permissions, update.permissions)) {
      throw new HttpError(
        400,
        `The ${adminGroupName} group's permissions cannot change: it holds admin on server.`,
      );
    }
    if (update.description !== undefined) {
      await tx
        .updateTable("auth_groups")
        .set({ description: update.description })
        .where("name", "=", name)
        .execute();
    }
    await tx.deleteFrom("auth_group_permissions").where("group_name", "=", name).execute();
    const rows = uniquePermissions(update.permissions).map((grant) => ({
      group_name: name,
      entitlement: grant.entitlement,
      resource: grant.resource,
    }));
    if (rows.length > 0) await tx.insertInto("auth_group_permissions").values(rows).execute();
    if (update.limits !== undefined) await replaceLimits(tx, name, update.limits);
  });
}

/** Adds or removes permissions of a group, leaving the others (the command line's add/remove). */
export async function changeGroupPermissions(
  db: Database,
  name: string,
  change: "add" | "remove",
  resource: ResourceName,
  entitlements: readonly Entitlement[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const group = await readGroup(tx, name);
    const others = group.permissions.filter(
      (grant) => !(grant.resource === resource && entitlements.includes(grant.entitlement)),
    );
    const permissions =
      change === "add"
        ? [...others, ...entitlements.map((entitlement) => ({ entitlement, resource }))]
        : others;
    await replaceGroup(tx, name, { description: group.description, permissions });
  });
}

/** The groups of these names that do not exist. */
export async function missingGroups(db: Database, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom("auth_groups")
    .select("name")
    .where("name", "in", [...names])
    .execute();
  const found = new Set(rows.map((row) => row.name));
  return names.filter((name) => !found.has(name));
}

function uniquePermissions(grants: readonly Grant[]): Grant[] {
  const seen = new Map<string, Grant>();
  for (const grant of grants) seen.set(`${grant.entitlement} ${grant.resource}`, grant);
  return [...seen.values()];
}

function samePermissions(a: readonly Grant[], b: readonly Grant[]): boolean {
  const key = (grants: readonly Grant[]) =>
    uniquePermissions(grants)
      .map((grant) => `${grant.entitlement} ${grant.resource}`)
      .sort()
      .join("\n");
  return key(a) === key(b);
}

/** Every group's permissions, by group name (what would grant a refused action, for its reason). */
export async function permissionsByGroup(db: Database): Promise<Map<string, Grant[]>> {
  const rows = await db
    .selectFrom("auth_group_permissions")
    .select(["group_name", "entitlement", "resource"])
    .orderBy("group_name")
    .execute();
  const byGroup = new Map<string, Grant[]>();
  for (const { group_name, entitlement, resource } of rows) {
    if (!isEntitlement(entitlement) || !isResourceName(resource)) continue;
    byGroup.set(group_name, [...(byGroup.get(group_name) ?? []), { entitlement, resource }]);
  }
  return byGroup;
}
