import type { Database } from "../store/database.ts";
import { liveSessionIds } from "../store/browser-sessions.ts";

/** Sessions asked about in one query, at most. */
const idsPerQuery = 500;

/**
 * What lives only as long as a browser session: its events, terminal and signaling sockets, and
 * the stream its user watches. Each is held with the function that ends it; when the session ends
 * (logout, "sign out other sessions", expiry, or `bin/dashboard disable-user` from another
 * process), every one of them is ended within one check interval, well under a second.
 *
 * Why a check of the database rather than only calls from the routes that end sessions: the
 * command line disables users from another process, and expiry happens by itself. The check runs
 * only while something is held, one query for all the held sessions; the routes that end a
 * session here ask for a check at once (`checkNow`).
 */
export class SessionWatch {
  private readonly db: Database;
  private readonly intervalMs: number;
  private readonly held = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;
  /** The last check asked for: checks run one after another. */
  private checks: Promise<void> = Promise.resolve();

  constructor(db: Database, intervalMs = 400) {
    this.db = db;
    this.intervalMs = intervalMs;
  }

  /** Holds `end` until the session ends (then calls it once) or the returned release is called. */
  hold(sessionId: string, end: () => void): () => void {
    let holders = this.held.get(sessionId);
    if (!holders) {
      holders = new Set();
      this.held.set(sessionId, holders);
    }
    let released = false;
    const holder = () => {
      if (released) return;
      released = true;
      end();
    };
    holders.add(holder);
    this.schedule();
    return () => {
      released = true;
      const current = this.held.get(sessionId);
      current?.delete(holder);
      if (current?.size === 0) this.held.delete(sessionId);
    };
  }

  /**
   * Checks at once: a route has just ended sessions. Resolves once their holders are ended. A
   * check under way may have read before the session ended, so this one runs after it.
   */
  checkNow(): Promise<void> {
    this.checks = this.checks.then(() => this.check());
    return this.checks;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.held.clear();
  }

  private schedule(): void {
    if (this.timer !== undefined || this.held.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.checkNow().finally(() => {
        this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    const ids = [...this.held.keys()];
    for (let start = 0; start < ids.length; start += idsPerQuery) {
      const batch = ids.slice(start, start + idsPerQuery);
      let live: Set<string>;
      try {
        live = await liveSessionIds(this.db, batch);
      } catch {
        return; // the database is busy or closing: the next check asks again
      }
      for (const id of batch) {
        if (live.has(id)) continue;
        const holders = this.held.get(id);
        this.held.delete(id);
        for (const end of holders ?? []) {
          try {
            end();
          } catch {
            // One holder failing to end must not keep the others open.
          }
        }
      }
    }
  }
}
