import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export const usersAndSessions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("email", "text", (column) => column.notNull().unique())
      .addColumn("fullname", "text", (column) => column.notNull())
      .addColumn("disabled", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("created_at", "text", (column) => column.notNull())
      .execute();
    await db.schema
      .createTable("browser_sessions")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("user_id", "text", (column) =>
        column.notNull().references("users.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("last_seen_at", "text", (column) => column.notNull())
      .addColumn("expires_at", "text", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("browser_sessions_user_id")
      .on("browser_sessions")
      .column("user_id")
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable("browser_sessions").execute();
    await db.schema.dropTable("users").execute();
  },
};
