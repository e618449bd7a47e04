import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The stream gateway's state (reference section 3): its service accounts (only token hashes are
 * kept), its sessions (which outlive their instances, so there is no foreign key to them) and the
 * share links of sessions.
 */
export const gateway: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("gateway_accounts")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expires_at", "bigint", (c) => c.notNull())
      .addColumn("revoked", "integer", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("gateway_sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("instance_id", "text", (c) => c.notNull())
      .addColumn("app", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("status_message", "text", (c) => c.notNull())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("joinable", "integer", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("screen", "text", (c) => c.notNull())
      .addColumn("idle_time_min", "integer", (c) => c.notNull())
      .addColumn("ephemeral", "integer", (c) => c.notNull())
      .execute();
    // Every lifecycle event of an instance looks up its sessions; lists filter by status and sort
    // by creation time.
    await db.schema
      .createIndex("gateway_sessions_instance_id")
      .on("gateway_sessions")
      .column("instance_id")
      .execute();
    await db.schema
      .createIndex("gateway_sessions_status_created_at")
      .on("gateway_sessions")
      .columns(["status", "created_at", "id"])
      .execute();

    await db.schema
      .createTable("gateway_shares")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("session_id", "text", (c) =>
        c.notNull().references("gateway_sessions.id").onDelete("cascade"),
      )
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("expiry_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("gateway_shares_session_id")
      .on("gateway_shares")
      .columns(["session_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("gateway_shares").execute();
    await db.schema.dropTable("gateway_sessions").execute();
    await db.schema.dropTable("gateway_accounts").execute();
  },
};
