import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 38, quotas: a group's limits; the groups each instance counts against (those its maker
 * was in when they made it: the identity provider's too, which no table of members holds); the
 * streams members watch now, per group; and the per-group lease that makes a quota's check and
 * what it lets through one step for every dashboard process on the database; and who made each
 * share link, whose quota its viewers count against.
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
      // When it was charged: a cluster that does not know the instance yet has not made it yet.
      .addColumn("charged_at", "text", (c) => c.notNull().defaultTo(""))
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
    // One row per stream watched (a stream has one viewer), with the groups it counts against.
    await db.schema
      .createTable("stream_views")
      .addColumn("view_id", "text", (c) => c.primaryKey())
      .addColumn("cluster_id", "text", (c) => c.notNull())
      .addColumn("stream_session_id", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      // '' for a share link's viewer, who is no one's browser session.
      .addColumn("browser_session_id", "text", (c) => c.notNull())
      .addColumn("share_hash", "text", (c) => c.notNull())
      // Group names, one per line (names hold no line break).
      .addColumn("groups", "text", (c) => c.notNull())
      .addColumn("joined_at", "text", (c) => c.notNull())
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addUniqueConstraint("stream_views_stream", ["cluster_id", "stream_session_id"])
      .execute();
    await db.schema.createIndex("stream_views_seen").on("stream_views").column("seen_at").execute();
    // Who made each share link (its token's hash), and the groups its viewers count against.
    await db.schema
      .createTable("stream_shares")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("groups", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("quota_locks")
      .addColumn("group_name", "text", (c) => c.primaryKey())
      .addColumn("holder", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
  },
};
