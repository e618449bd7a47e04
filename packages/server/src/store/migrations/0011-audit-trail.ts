import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The columns an audit entry gained, each with what entries written before it hold. */
const addedColumns = ["identity_id", "groups", "resource", "cluster", "user_agent", "request_id"];

/**
 * Issue 38, the audit trail: each entry says who acted (their identity, and the groups that
 * applied), on what resource of which cluster, from which browser and in which request; the
 * Audit page filters on each, newest first, so each filter has an index that ends with the time
 * (the first page of any filter reads only that page's rows, with a million entries).
 */
export const auditTrail: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of addedColumns) {
      await db.schema
        .alterTable("audit_log")
        .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
        .execute();
    }
    for (const column of ["identity_id", "actor", "action", "resource", "cluster", "outcome"]) {
      await db.schema
        .createIndex(`audit_log_${column}_at`)
        .on("audit_log")
        .columns([column, "at"])
        .execute();
    }
  },
};
