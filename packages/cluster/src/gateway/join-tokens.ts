import { randomBytes } from "node:crypto";
import type { JoinRole } from "@anbox-dashboard/contract";

/** A viewer to be: its id is new. */
export function newViewer(viewer: Omit<JoiningViewer, "viewerId">): JoiningViewer {
  return { ...viewer, viewerId: randomBytes(6).toString("base64url") };
}

/** How long a join token may wait to be used (reference: the URL a join returns is for now). */
export const joinTokenLifetimeMs = 60_000;
/** Tokens waiting at once; past this the oldest are dropped (each join makes one). */
const maxPendingTokens = 10_000;

/** Who a join lets in: the share it came through, and the viewer it makes (session-streams.ts). */
export interface JoiningViewer {
  /** The share link the join came through, if any: deleting the share cancels its tokens. */
  shareId: string | undefined;
  /** The viewer's id, said in its join's answer. */
  viewerId: string;
  wants: JoinRole;
  /** It came through a watch-only share link: it never gets control. */
  watchOnly: boolean;
}

interface PendingJoin extends JoiningViewer {
  sessionId: string;
  expiresAt: number;
}

export type JoinTokenUse =
  ({ valid: true } & JoiningViewer) | { valid: false; status: 401 | 403; reason: string };

/**
 * The single-use tokens of signaling URLs (`/1.0/session/{id}/sockets/master?token=`): random,
 * bound to one session, valid for a minute, forgotten once used. They live in memory only: a
 * restart invalidates them, and a client simply joins again.
 */
export class JoinTokens {
  private readonly pending = new Map<string, PendingJoin>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  issue(
    sessionId: string,
    viewer: JoiningViewer = newViewer({ shareId: undefined, wants: "control", watchOnly: false }),
  ): string {
    this.prune();
    const token = randomBytes(24).toString("base64url");
    this.pending.set(token, { ...viewer, sessionId, expiresAt: this.now() + joinTokenLifetimeMs });
    return token;
  }

  /** Uses up a token for a session: whatever the answer, the token cannot be used again. */
  consume(token: string | undefined, sessionId: string): JoinTokenUse {
    if (token === undefined || token === "") {
      return {
        valid: false,
        status: 401,
        reason: "A join token is required: use the URL that joining the session returned",
      };
    }
    const pending = this.pending.get(token);
    this.pending.delete(token);
    if (!pending) {
      return {
        valid: false,
        status: 403,
        reason: "The join token is not valid (each token works once): join the session again",
      };
    }
    if (pending.expiresAt <= this.now()) {
      return {
        valid: false,
        status: 403,
        reason: "The join token expired (tokens last 60 seconds): join the session again",
      };
    }
    if (pending.sessionId !== sessionId) {
      return { valid: false, status: 403, reason: "The join token is for another session" };
    }
    return {
      valid: true,
      shareId: pending.shareId,
      viewerId: pending.viewerId,
      wants: pending.wants,
      watchOnly: pending.watchOnly,
    };
  }

  /** Cancels the tokens issued through a share link (the share was deleted). */
  revokeShare(shareId: string): void {
    for (const [token, pending] of this.pending) {
      if (pending.shareId === shareId) this.pending.delete(token);
    }
  }

  get size(): number {
    return this.pending.size;
  }

  private prune(): void {
    // Tokens all live equally long, so the Map's insertion order is their expiry order: the oldest
    // come first, and the scan stops at the first one still valid (or once there is room).
    const now = this.now();
    for (const [token, pending] of this.pending) {
      if (pending.expiresAt > now && this.pending.size < maxPendingTokens) break;
      this.pending.delete(token);
    }
  }
}
