import type { GatewayServices } from "./gateway-services.ts";
import { endSessionByGateway } from "./session-termination.ts";

export interface IdleWatchOptions {
  /** How often sessions are looked at. */
  checkEveryMs: number;
  /** How long a minute of `idle_time_min` is: a minute, except in tests. */
  minuteMs: number;
}

export const defaultIdleWatch: IdleWatchOptions = { checkEveryMs: 15_000, minuteMs: 60_000 };

/**
 * Ends the sessions that have been idle for their `idle_time_min` (reference 3.3; 0 keeps a
 * session until it is ended otherwise): no input from a connected client, or no client at all,
 * for that long. Such a session is terminated, as `DELETE /1.0/sessions/{id}` does, and its
 * client (if any) is told why. Idle time runs from the client's last input or from when the last
 * client left, but never from before the session was seen active (a client that connected while
 * its instance booted has had nothing to touch): the watcher notes when it first sees each
 * session active, at most one check late, and after a restart sees them all anew.
 * Returns the function that stops watching.
 */
export function watchIdleSessions(
  services: GatewayServices,
  options: IdleWatchOptions = defaultIdleWatch,
): () => void {
  /** When each active session was first seen active by this watcher. */
  const seenActive = new Map<string, number>();
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const sessions = await services.context.db
        .selectFrom("gateway_sessions")
        .select(["id", "idle_time_min"])
        .where("status", "=", "active")
        .where("idle_time_min", ">", 0)
        .execute();
      const now = Date.now();
      const active = new Set(sessions.map((session) => session.id));
      for (const id of seenActive.keys()) if (!active.has(id)) seenActive.delete(id);
      for (const session of sessions) {
        const activeSince = seenActive.get(session.id) ?? now;
        seenActive.set(session.id, activeSince);
        const since = Math.max(services.streams.idleSince(session.id) ?? activeSince, activeSince);
        const limitMs = session.idle_time_min * options.minuteMs;
        if (now - since < limitMs) continue;
        const minutes =
          session.idle_time_min === 1 ? "1 minute" : `${String(session.idle_time_min)} minutes`;
        await endSessionByGateway(
          services,
          session.id,
          `The session ended: it was idle for ${minutes}`,
        );
      }
    } catch (error) {
      console.warn("stream gateway: checking idle sessions:", error);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), options.checkEveryMs);
  return () => {
    clearInterval(timer);
  };
}
