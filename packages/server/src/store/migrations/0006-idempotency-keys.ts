import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The idempotency keys of creating requests (http/idempotent-routes.ts), in the database rather
 * than one process's memory: a replayed create is refused or answered the same whichever
 * dashboard process it reaches. A key belongs to a user and a route.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("idempotency_keys")
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("route", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("fingerprint", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "route", "key"])
      .execute();
    await db.schema
      .createIndex("idempotency_keys_expiry")
      .on("idempotency_keys")
      .column("expires_at")
      .execute();
  },
};
