import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Whether a session has had a client (`has_had_client`, 0 or 1): a session that is not joinable
 * takes no second client, and that must hold across a restart of the cluster, which an in-memory
 * record did not. Sessions from before this migration say 0.
 */
export const gatewaySessionClient: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("gateway_sessions")
      .addColumn("has_had_client", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("gateway_sessions").dropColumn("has_had_client").execute();
  },
};
