import { allows, type Entitlement, type ResourceName } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";
import type { HeldGrant } from "../store/authorization-groups.ts";
import { liveSessionUsers, type SessionHolder } from "../store/browser-sessions.ts";
import { grantsHeldBy } from "./grants.ts";
import { sessionGrants } from "./view-as.ts";

/** Sessions asked about in one query, at most. */
const idsPerQuery = 500;

/** Why something held was ended. */
export type EndReason = "session-ended" | "permission-revoked";

/**
 * What something held lives by: a permission (when its user no longer holds it, it ends), or a
 * function asked with what the user holds at each check, which says whether it still lives (and
 * may follow the change: an events socket filters by it).
 */
export type LivesBy =
  { action: Entitlement; resource: ResourceName } | ((grants: readonly HeldGrant[]) => boolean);

interface Holder {
  end: (reason: EndReason) => void;
  livesBy: LivesBy | undefined;
}

/** Where the watch reads what a session's user holds now. */
export type UserGrants = (holder: SessionHolder) => Promise<readonly HeldGrant[]>;

/**
 * What lives only as long as a browser session, and as long as its user may have it: its events,
 * terminal and signaling sockets, and the stream its user watches. Each is held with the function
 * that ends it and the permission it lives by; when the session ends (logout, "sign out other
 * sessions", expiry, or `bin/dashboard disable-user` from another process), or its user no longer
 * holds that permission (taken out of a group, a permission taken away, from any process or the
 * command line), it is ended within one check interval, well under a second.
 *
 * Why a check of the database rather than only calls from the routes that make those changes: the
 * command line changes them from another process, another dashboard process may serve the change,
 * and expiry happens by itself. The check runs only while something is held: one query for all the
 * held sessions, and one read of grants per user holding something that lives by one; the routes
 * that end a session here ask for a check at once (`checkNow`).
 */
export class SessionWatch {
  private readonly db: Database;
  private readonly intervalMs: number;
  private readonly userGrants: UserGrants;
  private readonly held = new Map<string, Set<Holder>>();
  private timer: NodeJS.Timeout | undefined;
  /** The last check asked for: checks run one after another. */
  private checks: Promise<void> = Promise.resolve();

  constructor(
    db: Database,
    intervalMs = 400,
    userGrants: UserGrants = (holder) =>
      sessionGrants(holder, (userId, providerGroups) => grantsHeldBy(db, userId, providerGroups)),
  ) {
    this.db = db;
    this.intervalMs = intervalMs;
    this.userGrants = userGrants;
  }

  /**
   * Holds `end` until the session ends, or its user no longer holds `livesBy` (then calls it once,
   * saying why), or the returned release is called.
   */
  hold(sessionId: string, end: (reason: EndReason) => void, livesBy?: LivesBy): () => void {
    let holders = this.held.get(sessionId);
    if (!holders) {
      holders = new Set();
      this.held.set(sessionId, holders);
    }
    let released = false;
    const holder: Holder = {
      end: (reason) => {
        if (released) return;
        released = true;
        end(reason);
      },
      livesBy,
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
      let live: Map<string, SessionHolder>;
      try {
        live = await liveSessionUsers(this.db, batch);
      } catch {
        return; // the database is busy or closing: the next check asks again
      }
      // Each distinct holder's grants are read once, all at once; then each session is judged.
      const grantsByHolder = new Map<string, Promise<readonly HeldGrant[] | undefined>>();
      const judged: {
        id: string;
        bound: Holder[];
        grants: Promise<readonly HeldGrant[] | undefined>;
      }[] = [];
      for (const id of batch) {
        const holder = live.get(id);
        const holders = this.held.get(id);
        if (holder === undefined) {
          this.held.delete(id);
          endEach(holders, "session-ended");
          continue;
        }
        const bound = [...(holders ?? [])].filter((each) => each.livesBy !== undefined);
        if (bound.length === 0) continue;
        const key = [holder.userId, holder.viewAs ?? "", ...holder.providerGroups].join("\n");
        let grants = grantsByHolder.get(key);
        if (grants === undefined) {
          // A failed read (the database busy or closing) ends nothing: the next check reads again.
          grants = this.userGrants(holder).catch(() => undefined);
          grantsByHolder.set(key, grants);
        }
        judged.push({ id, bound, grants });
      }
      for (const { id, bound, grants } of judged) {
        const held = await grants;
        if (held === undefined) continue;
        const revoked = bound.filter(
          ({ livesBy }) => livesBy !== undefined && !stillLives(livesBy, held),
        );
        const holders = this.held.get(id);
        for (const holder of revoked) holders?.delete(holder);
        if (holders?.size === 0) this.held.delete(id);
        endEach(revoked, "permission-revoked");
      }
    }
  }
}

function stillLives(livesBy: LivesBy, held: readonly HeldGrant[]): boolean {
  if (typeof livesBy !== "function") return allows(held, livesBy.action, livesBy.resource);
  try {
    return livesBy(held);
  } catch {
    return false; // what cannot say it still lives ends, rather than stopping the check
  }
}

function endEach(holders: Iterable<Holder> | undefined, reason: EndReason): void {
  for (const holder of holders ?? []) {
    try {
      holder.end(reason);
    } catch {
      // One holder failing to end must not keep the others open.
    }
  }
}
