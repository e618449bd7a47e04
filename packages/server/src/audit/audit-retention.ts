import type { Database } from "../store/database.ts";
import { removeExpiredAudit } from "../store/audit-log.ts";
import { PeriodicTask } from "./periodic-task.ts";

/** How often expired entries are looked for: an hour late costs nothing, a minute costs queries. */
const sweepEveryMs = 60 * 60_000;

/**
 * Removes the audit entries older than the retention (`AUDIT_RETENTION_DAYS`) in the background:
 * once at start, then every hour (removing what another process removed already does nothing).
 */
export function startAuditRetention(
  db: Database,
  retentionDays: number,
  warn: (message: string) => void,
  now: () => number = Date.now,
): PeriodicTask {
  return new PeriodicTask(
    "remove expired audit entries",
    sweepEveryMs,
    async () => {
      await removeExpiredAudit(db, new Date(now() - retentionDays * 24 * 60 * 60_000));
    },
    warn,
  );
}
