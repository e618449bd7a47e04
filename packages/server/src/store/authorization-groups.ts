import { sql } from "kysely";
import { isEntitlement, isResourceName, type Grant } from "../auth/entitlements.ts";
import type { Database } from "./database.ts";

/** The group that holds `admin` on `server`: it cannot be removed nor its permissions changed. */
export const adminGroupName = "admin";

/**
 * What a user holds: every permission of every group they are a member of. A stored permission
 * this version does not know (written by a newer one) grants nothing rather than failing.
 */
export async function grantsOf(db: Database, userId: string): Promise<Grant[]> {
  const rows = await db
    .selectFrom("auth_group_members")
    .innerJoin(
      "auth_group_permissions",
      "auth_group_permissions.group_name",
      "auth_group_members.group_name",
    )
    .select(["auth_group_permissions.entitlement", "auth_group_permissions.resource"])
    .where("auth_group_members.user_id", "=", userId)
    .execute();
  const grants: Grant[] = [];
  for (const { entitlement, resource } of rows) {
    if (isEntitlement(entitlement) && isResourceName(resource)) {
      grants.push({ entitlement, resource });
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
