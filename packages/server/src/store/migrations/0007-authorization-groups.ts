import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Authorization groups (issue 37, Anbox Cloud 1.29's model): a group holds identities (users) and
 * permissions (an entitlement on a resource); a user holds permissions only through groups. The
 * `admin` group holds `admin` on `server`, everything. Every account that exists when this runs
 * becomes a member of `admin`: before it, every signed-in user could do everything.
 */
export const authorizationGroups: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("auth_groups")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("auth_group_members")
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("auth_group_members_pk", ["group_name", "user_id"])
      .execute();
    // A user's groups are read on every decision: by user first.
    await db.schema
      .createIndex("auth_group_members_user")
      .on("auth_group_members")
      .columns(["user_id", "group_name"])
      .execute();
    await db.schema
      .createTable("auth_group_permissions")
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("entitlement", "text", (c) => c.notNull())
      .addColumn("resource", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("auth_group_permissions_pk", [
        "group_name",
        "entitlement",
        "resource",
      ])
      .execute();

    const now = new Date().toISOString();
    await sql`INSERT INTO auth_groups (name, description, created_at)
      VALUES ('admin', 'Everything, on every cluster', ${now})`.execute(db);
    await sql`INSERT INTO auth_group_permissions (group_name, entitlement, resource)
      VALUES ('admin', 'admin', 'server')`.execute(db);
    await sql`INSERT INTO auth_group_members (group_name, user_id)
      SELECT 'admin', id FROM users`.execute(db);
  },
};
