import { sql } from "kysely";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { Database } from "./database.ts";
import {
  adminGroupName,
  inTransaction,
  lockGroup,
  readGroup,
  type StoredGroup,
} from "./authorization-groups.ts";

// Who is in which group (store/authorization-groups.ts keeps the groups and what they grant).

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
  // The admin group's row is written first: two first accounts made at once wait for each other
  // (PostgreSQL would otherwise let both see no admin yet).
  await lockGroup(db, adminGroupName);
  await sql`INSERT INTO auth_group_members (group_name, user_id)
    SELECT CAST(${adminGroupName} AS text), CAST(${userId} AS text)
    WHERE NOT EXISTS (SELECT 1 FROM auth_group_members WHERE group_name = ${adminGroupName})`.execute(
    db,
  );
}

/** Makes users members of a group; members already are left as they are. */
export async function addGroupMembers(
  db: Database,
  name: string,
  userIds: readonly string[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockGroup(tx, name);
    await readGroup(tx, name);
    for (const userId of userIds) {
      await tx
        .insertInto("auth_group_members")
        .values({ group_name: name, user_id: userId })
        .onConflict((conflict) => conflict.columns(["group_name", "user_id"]).doNothing())
        .execute();
    }
  });
}

/**
 * Takes a user out of a group. The last member of `admin` stays: without one, no one could
 * change permissions any more. The group's row is written first, which locks it until the end of
 * the transaction: two removals at once wait for each other, so both cannot see two members left.
 */
export async function removeGroupMember(db: Database, name: string, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await readGroup(tx, name);
    await lockGroup(tx, name);
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

/**
 * Sets a user's groups to exactly these (as Anbox's PUT on an identity does). `check` is shown each
 * group joined or left, as it is, in the transaction, and throws to refuse.
 */
export async function setGroupsOf(
  db: Database,
  userId: string,
  groups: readonly string[],
  check: (changed: StoredGroup) => void = () => undefined,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = await groupsOf(tx, userId);
    const changed = [
      ...groups.filter((name) => !before.includes(name)),
      ...before.filter((name) => !groups.includes(name)),
    ];
    for (const name of changed) check(await readGroup(tx, name));
    for (const name of groups) {
      if (!before.includes(name)) await addGroupMembers(tx, name, [userId]);
    }
    for (const name of before) {
      if (!groups.includes(name)) await removeGroupMember(tx, name, userId);
    }
  });
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
