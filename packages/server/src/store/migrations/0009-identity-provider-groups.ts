import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 37, identity-provider groups (LXD's): a group named in the external provider's groups
 * claim is mapped to dashboard groups, whose permissions its members hold for that sign-in. The
 * groups a sign-in's token claimed are kept with its browser session (one per line: provider
 * group names hold no line break, store/provider-groups.ts), so that they hold for it alone.
 */
export const identityProviderGroups: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("auth_provider_groups")
      .addColumn("provider_group", "text", (c) => c.notNull())
      .addColumn("group_name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("auth_provider_groups_pk", ["provider_group", "group_name"])
      .execute();
    // A group deleted (or made again) takes its mappings away: by group too.
    await db.schema
      .createIndex("auth_provider_groups_group")
      .on("auth_provider_groups")
      .column("group_name")
      .execute();
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("provider_groups", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
};
