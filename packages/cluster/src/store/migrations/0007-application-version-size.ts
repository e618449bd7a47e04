import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The size of each application version's package (`size`, bytes), as image versions have one:
 * the upload's bytes, or, for a version made by a metadata change, those of the package it copies.
 * Versions made before this migration say 0 (not known): their upload is unpacked and gone.
 */
export const applicationVersionSize: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("application_versions")
      .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("application_versions").dropColumn("size").execute();
  },
};
