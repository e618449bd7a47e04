import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 38, quotas: a group's limits; the groups each instance counts against (those its maker
 * was in when they made it: the identity provider's too, which no table of members holds); the
 * streams members watch now, per group; and the per-group lease that makes a quota's check and
 * what it lets through one step for every dashboard process on the database.
 */
export const quotas: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("auth_group_limits")
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      // '' for every cluster.
      .addColumn("cluster_id", "text", (c) => c.notNull())
      .addColumn("value", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("auth_group_limits_pk", ["group_name", "key", "cluster_id"])
      .execute();
    await db.schema
      .createTable("quota_charges")
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("resource", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("quota_charges_pk", ["group_name", "resource"])
      .execute();
    await db.schema
      .createIndex("quota_charges_resource")
      .on("quota_charges")
      .column("resource")
      .execute();
    // What existed before counts against its owner's groups of now.
    await sql`
      insert into quota_charges (group_name, resource)
      select m.group_name, o.resource from resource_owners o
      join auth_group_members m on m.user_id = o.user_id
      where o.resource like 'instance:%'
    `.execute(db);
    await db.schema
      .createTable("stream_views")
      .addColumn("cluster_id", "text", (c) => c.notNull())
      .addColumn("stream_session_id", "text", (c) => c.notNull())
      .addColumn("group_name", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("browser_session_id", "text", (c) => c.notNull())
      .addColumn("joined_at", "text", (c) => c.notNull())
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("stream_views_pk", ["cluster_id", "stream_session_id", "group_name"])
      .execute();
    await db.schema
      .createIndex("stream_views_group")
      .on("stream_views")
      .columns(["group_name", "seen_at"])
      .execute();
    await db.schema
      .createTable("quota_locks")
      .addColumn("group_name", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
  },
};
