import type { FastifyInstance } from "fastify";
import type { EndedSessions, Profile } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { requireSession } from "../auth/require-session.ts";
import { endOtherSessions, listUserSessions } from "../store/browser-sessions.ts";
import { findUserById } from "../store/users.ts";
import { recordAudit } from "../store/audit-log.ts";
import { ApiError } from "../http/api-error.ts";

/**
 * A session's handle in the API: the start of the hash that keys it. Enough to tell sessions
 * apart; it opens nothing (the cookie holds the value the hash was made from).
 */
function sessionHandle(sessionId: string): string {
  return sessionId.slice(0, 16);
}

/**
 * `GET /api/profile`: who the signed-in user is, where they sign in, and their live sessions.
 * `DELETE /api/profile/sessions`: signs them out everywhere but here.
 */
export function registerProfileRoutes(app: FastifyInstance, context: ServerContext): Promise<void> {
  const guard = requireSession(context.db, context.config.session);

  app.get("/api/profile", { preHandler: guard }, async (request): Promise<Profile> => {
    const signedIn = request.user;
    const user = signedIn ? await findUserById(context.db, signedIn.id) : undefined;
    if (!signedIn || !user) throw new ApiError(401, "You are not signed in.");
    const sessions = await listUserSessions(context.db, user.id);
    return {
      fullname: user.fullname,
      email: user.email,
      identityProvider: {
        issuer: user.issuer === "" ? context.idp.issuer : user.issuer,
        external: context.idp.isExternal,
      },
      sessions: sessions.map((session) => ({
        id: sessionHandle(session.id),
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        address: session.address,
        userAgent: session.userAgent,
        current: session.id === signedIn.sessionId,
      })),
    };
  });

  app.delete(
    "/api/profile/sessions",
    { preHandler: guard },
    async (request): Promise<EndedSessions> => {
      const user = request.user;
      if (!user) throw new ApiError(401, "You are not signed in.");
      const ended = await endOtherSessions(context.db, user.id, user.sessionId);
      // Their sockets and the streams they watched end now, not at the next check.
      await context.sessionWatch.checkNow();
      await recordAudit(context.db, {
        action: "sessions-ended",
        outcome: "success",
        actor: user.email,
        address: request.ip,
        detail: `${ended} other session(s) ended by the user`,
      });
      return { ended };
    },
  );
  return Promise.resolve();
}
