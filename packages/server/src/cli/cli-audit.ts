import type { Database } from "../store/database.ts";
import { recordAudit, type AuditAction } from "../store/audit-log.ts";

/** Records what a command did, as the command line (`cli`, from this machine). */
export function recordCliAudit(
  db: Database,
  action: AuditAction,
  resource: string,
  detail: string,
): Promise<void> {
  return recordAudit(db, {
    action,
    outcome: "success",
    actor: "cli",
    address: "",
    resource,
    userAgent: "bin/dashboard",
    detail,
  });
}
