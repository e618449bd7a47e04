import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Sign-in for real: users linked to their identity at an OpenID provider, browser sessions keyed by
 * the hash of their cookie value, one-time registration links, the embedded identity provider's
 * accounts and state, per-user onboarding progress and events, and the audit log.
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable("users")
      .addColumn("issuer", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("subject", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("onboarding_progress", "text", (c) => c.notNull().defaultTo("not-started"))
      .execute();
    await db.schema
      .alterTable("users")
      .addColumn("has_version_update_modal", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex("users_identity")
      .on("users")
      .columns(["issuer", "subject"])
      .execute();

    // Sessions made before this migration were keyed by the raw cookie value: end them.
    await sql`DELETE FROM browser_sessions`.execute(db);
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("absolute_expires_at", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("ended_reason", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .alterTable("browser_sessions")
      .addColumn("id_token", "text", (c) => c.notNull().defaultTo(""))
      .execute();

    await db.schema
      .createTable("registration_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text", (c) => c.notNull())
      .addColumn("used_by", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("idp_accounts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("fullname", "text", (c) => c.notNull())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("idp_payloads")
      .addColumn("model", "text", (c) => c.notNull())
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("grant_id", "text", (c) => c.notNull())
      .addColumn("user_code", "text", (c) => c.notNull())
      .addColumn("uid", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("consumed_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("idp_payloads_pk", ["model", "id"])
      .execute();
    await db.schema
      .createIndex("idp_payloads_grant")
      .on("idp_payloads")
      .column("grant_id")
      .execute();
    await db.schema.createIndex("idp_payloads_uid").on("idp_payloads").column("uid").execute();

    await db.schema
      .createTable("user_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("event", "text", (c) => c.notNull())
      .addColumn("event_type", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("audit_log")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("outcome", "text", (c) => c.notNull())
      .addColumn("actor", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("detail", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      "audit_log",
      "user_events",
      "idp_payloads",
      "idp_accounts",
      "registration_tokens",
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
