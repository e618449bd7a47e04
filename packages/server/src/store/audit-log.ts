import { randomUUID } from "node:crypto";
import type { Database } from "./database.ts";

export type AuditAction =
  | "sign-in"
  | "sign-out"
  | "registration"
  | "registration-link-created"
  | "account-disabled"
  | "account-enabled"
  | "sessions-ended"
  | "view-as-started"
  | "view-as-stopped";

export interface AuditEntry {
  action: AuditAction;
  outcome: "success" | "failure";
  actor: string;
  address: string;
  /** Facts for a reader of the log; never a password, token or cookie value. */
  detail?: string;
}

/** Appends to the audit log (time, action, outcome, actor, address). */
export async function recordAudit(
  db: Database,
  entry: AuditEntry,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at: now.toISOString(),
      action: entry.action,
      outcome: entry.outcome,
      actor: entry.actor,
      address: entry.address,
      detail: entry.detail ?? "",
    })
    .execute();
}
