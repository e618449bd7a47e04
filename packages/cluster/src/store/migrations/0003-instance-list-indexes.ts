import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The instance list is mostly read a page at a time filtered by status and sorted by name or by
 * creation time: these indexes let the database walk the page in order instead of sorting every
 * match (bench/cluster-list.bench.ts).
 */
export const instanceListIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex("instances_status_name")
      .on("instances")
      .columns(["status", "name", "id"])
      .execute();
    await db.schema
      .createIndex("instances_status_created_at")
      .on("instances")
      .columns(["status", "created_at", "id"])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex("instances_status_created_at").execute();
    await db.schema.dropIndex("instances_status_name").execute();
  },
};
