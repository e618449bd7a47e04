/** How long the dashboard keeps a join's grant: as long as the gateway keeps its token. */
export const joinGrantLifetimeMs = 60_000;
/** Grants waiting at once; past this the oldest are dropped (each join makes one). */
const maxPendingGrants = 10_000;

/** Who asked for a join: a signed-in browser session, or a share link's page. */
export type JoinGrantee = { kind: "session"; sessionId: string } | { kind: "share"; token: string };

export interface JoinGrant {
  clusterIndex: number;
  /** The gateway's session the token joins. */
  streamSessionId: string;
  grantee: JoinGrantee;
}

interface PendingGrant extends JoinGrant {
  expiresAt: number;
}

/**
 * The join tokens the dashboard handed out, bound to whoever asked: the signaling relay opens only
 * for a token found here, once, within a minute, for the stream it was issued for, so a token
 * taken before its browser session ended (or from another dashboard) opens nothing. The gateway
 * checks the same token again (single-use, its own lifetime). In memory: a restart invalidates
 * every pending token, and the player simply joins again.
 */
export class JoinGrants {
  private readonly pending = new Map<string, PendingGrant>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  grant(token: string, grant: JoinGrant): void {
    this.prune();
    this.pending.set(token, { ...grant, expiresAt: this.now() + joinGrantLifetimeMs });
  }

  /** Uses up a token: its grant when it is pending and unexpired, else undefined. */
  consume(token: string): JoinGrant | undefined {
    const pending = this.pending.get(token);
    this.pending.delete(token);
    if (!pending || pending.expiresAt <= this.now()) return undefined;
    return {
      clusterIndex: pending.clusterIndex,
      streamSessionId: pending.streamSessionId,
      grantee: pending.grantee,
    };
  }

  private prune(): void {
    const now = this.now();
    for (const [token, grant] of this.pending) {
      if (grant.expiresAt <= now) this.pending.delete(token);
    }
    // Oldest first in a Map: drop them when too many wait.
    for (const token of this.pending.keys()) {
      if (this.pending.size < maxPendingGrants) break;
      this.pending.delete(token);
    }
  }
}
