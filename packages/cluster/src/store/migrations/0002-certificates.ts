import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The trust store: client certificates allowed to call the API over TCP (mTLS). */
export const certificates: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("certificates")
      .addColumn("fingerprint", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("certificate", "text", (c) => c.notNull())
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("certificates").execute();
  },
};
