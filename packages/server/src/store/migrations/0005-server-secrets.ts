import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The server's own secrets (the login transaction key, the embedded identity provider's client
 * secret and keys) in the database, which every dashboard process on it shares; they used to be
 * files in one machine's data directory (store/shared-secrets.ts takes those over).
 */
export const serverSecrets: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("server_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
  },
};
