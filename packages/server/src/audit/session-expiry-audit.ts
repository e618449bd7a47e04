import type { Database } from "../store/database.ts";
import { recordAudit } from "../store/audit-log.ts";
import { markExpiredSessions } from "../store/browser-sessions.ts";
import { PeriodicTask } from "./periodic-task.ts";

/** How late an expiry may be recorded: a minute. */
const checkEveryMs = 60_000;

/**
 * Records each browser session that expired (idle too long, or past its absolute limit) once, at
 * the time it expired, looked for every minute: a session is marked as it is recorded, so another
 * process does not record it again.
 */
export function startSessionExpiryAudit(
  db: Database,
  warn: (message: string) => void,
  now: () => number = Date.now,
): PeriodicTask {
  return new PeriodicTask(
    "record expired sessions",
    checkEveryMs,
    async () => {
      for (;;) {
        const expired = await markExpiredSessions(db, new Date(now()));
        for (const session of expired) {
          await recordAudit(
            db,
            {
              action: "session-expired",
              outcome: "success",
              actor: session.email,
              identityId: session.userId,
              address: "",
              detail:
                session.limit === "idle"
                  ? "idle for longer than SESSION_IDLE_MINUTES"
                  : "past SESSION_ABSOLUTE_MINUTES since sign-in",
            },
            new Date(session.expiredAt),
          );
        }
        if (expired.length === 0) return;
      }
    },
    warn,
  );
}
