import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 37, second step: a registration link names the groups its account starts in
 * (`bin/dashboard register --group NAME`), and what an identity creates is recorded as theirs:
 * its owner may view, edit, delete, stream, share, read the logs of and open a shell in it. A
 * join names the instance it streams, so that the stream ends when its viewer may stream it no more.
 */
export const registrationGroupsAndOwners: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Group names, one per line: names hold no line break (store/authorization-groups.ts).
    await db.schema
      .alterTable("registration_tokens")
      .addColumn("groups", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("join_grants")
      .addColumn("resource", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .createTable("resource_owners")
      .addColumn("resource", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    // What a user owns is read on every decision: by user first.
    await db.schema
      .createIndex("resource_owners_user")
      .on("resource_owners")
      .columns(["user_id", "resource"])
      .execute();
  },
};
