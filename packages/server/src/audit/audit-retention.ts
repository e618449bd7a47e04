import type { Database } from "../store/database.ts";
import { removeExpiredAudit } from "../store/audit-log.ts";

/** How often expired entries are looked for: an hour late costs nothing, a minute costs queries. */
const sweepEveryMs = 60 * 60_000;

/**
 * Removes the audit entries older than the retention (`AUDIT_RETENTION_DAYS`) in the background:
 * once at start, then every hour. Several dashboard processes may all do it: removing what
 * another removed already does nothing. A failure is logged and tried again at the next sweep.
 */
export class AuditRetention {
  readonly #timer: NodeJS.Timeout;
  readonly #db: Database;
  readonly #retentionDays: number;
  readonly #warn: (message: string) => void;
  readonly #now: () => number;
  #sweeping: Promise<void> | undefined;

  constructor(
    db: Database,
    retentionDays: number,
    warn: (message: string) => void,
    now: () => number = Date.now,
  ) {
    this.#db = db;
    this.#retentionDays = retentionDays;
    this.#warn = warn;
    this.#now = now;
    this.#timer = setInterval(() => void this.sweep(), sweepEveryMs);
    this.#timer.unref();
    void this.sweep();
  }

  /** Removes what expired now; one sweep at a time. Resolves once it is done. */
  sweep(): Promise<void> {
    this.#sweeping ??= (async () => {
      try {
        const before = new Date(this.#now() - this.#retentionDays * 24 * 60 * 60_000);
        await removeExpiredAudit(this.#db, before);
      } catch (error) {
        this.#warn(`Could not remove expired audit entries: ${String(error)}`);
      } finally {
        this.#sweeping = undefined;
      }
    })();
    return this.#sweeping;
  }

  /** Stops sweeping, once the sweep under way (if any) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping;
  }
}
