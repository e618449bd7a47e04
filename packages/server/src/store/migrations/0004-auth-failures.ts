import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The limits on guessing (auth/rate-limits) in the database rather than one process's memory:
 * failed sign-ins and look-ups, and the addresses accounts signed in from, count the same
 * whichever dashboard process a request reaches.
 */
export const authFailures: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("auth_failures")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("auth_failures_key")
      .on("auth_failures")
      .columns(["scope", "key", "at"])
      .execute();
    await db.schema
      .createIndex("auth_failures_age")
      .on("auth_failures")
      .columns(["scope", "at"])
      .execute();
    await db.schema
      .createTable("auth_known_pairs")
      .addColumn("pair", "text", (c) => c.primaryKey())
      .addColumn("signed_in_at", "text", (c) => c.notNull())
      .execute();
  },
};
