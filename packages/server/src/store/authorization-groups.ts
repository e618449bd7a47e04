import { sql } from "kysely";
import {
  groupNameError,
  type GroupSummary,
  isEntitlement,
  isResourceName,
  type Entitlement,
  type Grant,
  type ResourceName,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Database } from "./database.ts";

/** Runs `work` in a transaction, or in the one `db` already is (Kysely nests none). */
function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The group that holds `admin` on `server`: it cannot be removed nor its permissions changed. */
export const adminGroupName = "admin";

/** A permission a user holds, and where from: a group, or being the owner of its resource. */
export type HeldGrant = Grant & { grantedBy: { group: string } | { owner: true } };

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

/** The groups a user is a member of, by name. */
export async function groupsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("auth_group_members")
    .select("group_name")
    .where("user_id", "=", userId)
    .orderBy("group_name")
    .execute();
  return rows.map((row) => row.group_name);
}

/**
 * Makes a new installation's first account an admin: a member of `admin` when it has none yet.
 * Called as each account is made (store/users.ts); the group keeps at least one member from then
 * on (its last member cannot be removed).
 */
export async function makeAdminIfNoneYet(db: Database, userId: string): Promise<void> {
  await sql`INSERT INTO auth_group_members (group_name, user_id)
    SELECT CAST(${adminGroupName} AS text), CAST(${userId} AS text)
    WHERE NOT EXISTS (SELECT 1 FROM auth_group_members WHERE group_name = ${adminGroupName})`.execute(
    db,
  );
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
  };
}

/** Makes a group with no members nor permissions: a 409 when the name is taken. */
export async function createGroup(
  db: Database,
  name: string,
  description: string,
  now = new Date(),
): Promise<void> {
  const nameError = groupNameError(name);
  if (nameError !== undefined) throw new HttpError(400, nameError);
  const result = await db
    .insertInto("auth_groups")
    .values({ name, description, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw new HttpError(409, `A group named "${name}" exists already.`);
  }
}

/** Deletes a group, its members' memberships and its permissions; never `admin`. */
export async function deleteGroup(db: Database, name: string): Promise<void> {
  if (name === adminGroupName) {
    throw new HttpError(400, `The ${adminGroupName} group cannot be deleted.`);
  }
  await inTransaction(db, async (tx) => {
    const result = await tx.deleteFrom("auth_groups").where("name", "=", name).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new HttpError(404, `No group named "${name}".`);
    await tx.deleteFrom("auth_group_members").where("group_name", "=", name).execute();
    await tx.deleteFrom("auth_group_permissions").where("group_name", "=", name).execute();
  });
}

/**
 * Replaces a group's description and permissions as a whole (as Anbox's PUT does). The `admin`
 * group's permissions cannot change (its description can).
 */
export async function replaceGroup(
  db: Database,
  name: string,
  update: { description: string; permissions: readonly Grant[] },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await readGroup(tx, name);
    if (name === adminGroupName && !samePermissions(before.permissions, update.permissions)) {
      throw new HttpError(
        400,
        `The ${adminGroupName} group's permissions cannot change: it holds admin on server.`,
      );
    }
    await tx
      .updateTable("auth_groups")
      .set({ description: update.description })
      .where("name", "=", name)
      .execute();
    await tx.deleteFrom("auth_group_permissions").where("group_name", "=", name).execute();
    const rows = uniquePermissions(update.permissions).map((grant) => ({
      group_name: name,
      entitlement: grant.entitlement,
      resource: grant.resource,
    }));
    if (rows.length > 0) await tx.insertInto("auth_group_permissions").values(rows).execute();
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

/** Makes users members of a group; members already are left as they are. */
export async function addGroupMembers(
  db: Database,
  name: string,
  userIds: readonly string[],
): Promise<void> {
  await readGroup(db, name);
  for (const userId of userIds) {
    await db
      .insertInto("auth_group_members")
      .values({ group_name: name, user_id: userId })
      .onConflict((conflict) => conflict.columns(["group_name", "user_id"]).doNothing())
      .execute();
  }
}

/**
 * Takes a user out of a group. The last member of `admin` stays: without one, no one could
 * change permissions any more. The group's row is written first, which locks it until the end of
 * the transaction: two removals at once wait for each other, so both cannot see two members left.
 */
export async function removeGroupMember(db: Database, name: string, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await readGroup(tx, name);
    await tx.updateTable("auth_groups").set({ name }).where("name", "=", name).execute();
    const members = await tx
      .selectFrom("auth_group_members")
      .select("user_id")
      .where("group_name", "=", name)
      .execute();
    if (!members.some((member) => member.user_id === userId)) {
      throw new HttpError(404, `That identity is not a member of "${name}".`);
    }
    if (name === adminGroupName && members.length === 1) {
      throw new HttpError(
        409,
        `This is the last member of ${adminGroupName}: add another before removing them.`,
      );
    }
    await tx
      .deleteFrom("auth_group_members")
      .where("group_name", "=", name)
      .where("user_id", "=", userId)
      .execute();
  });
}

/** Sets a user's groups to exactly these (as Anbox's PUT on an identity does). */
export async function setGroupsOf(
  db: Database,
  userId: string,
  groups: readonly string[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await groupsOf(tx, userId);
    for (const name of groups) {
      if (!before.includes(name)) await addGroupMembers(tx, name, [userId]);
    }
    for (const name of before) {
      if (!groups.includes(name)) await removeGroupMember(tx, name, userId);
    }
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

/** Every user's groups, by user id (the identities list, in one query). */
export async function groupsByUser(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("auth_group_members")
    .select(["user_id", "group_name"])
    .orderBy("group_name")
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows)
    groups.set(row.user_id, [...(groups.get(row.user_id) ?? []), row.group_name]);
  return groups;
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
