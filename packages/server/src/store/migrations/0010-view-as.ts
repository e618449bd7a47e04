import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Issue 37, "view as": an admin's browser session may show the dashboard as another identity
 * would see it, read-only, until they stop (auth/view-as.ts). Kept with the session, so that every
 * request and socket of that browser (the page's first requests among them) is judged the same.
 */
export const viewAs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("view_as", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  },
};
