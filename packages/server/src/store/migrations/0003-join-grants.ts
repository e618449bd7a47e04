import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The join tokens the dashboard handed out (streaming/join-grants.ts), in the database rather than
 * one process's memory: a browser that joined through one dashboard process may open its
 * signaling through another.
 */
export const joinGrants: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("join_grants")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("cluster_id", "text", (c) => c.notNull())
      .addColumn("stream_session_id", "text", (c) => c.notNull())
      .addColumn("grantee_kind", "text", (c) => c.notNull())
      .addColumn("grantee_id", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("join_grants_expiry")
      .on("join_grants")
      .column("expires_at")
      .execute();
  },
};
