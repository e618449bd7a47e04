import type { FastifyInstance } from "fastify";
import type { EndedSessions, Profile } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { endOtherSessions, listUserSessions } from "../store/browser-sessions.ts";
import { findUserById } from "../store/users.ts";
import { noteAudit } from "../audit/audit-note.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { registerViewAsRoutes } from "./view-as.ts";

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
  app.get(
    "/api/profile",
    { config: { acts: acts.ownAccount } },
    async (request): Promise<Profile> => {
      const signedIn = signedInUser(request);
      const user = await findUserById(context.db, signedIn.id);
      if (!user) throw new HttpError(401, "Your account no longer exists.");
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
    },
  );

  app.delete(
    "/api/profile/sessions",
    { config: { acts: acts.ownAccount, whileViewingAs: "as-signed-in-user" } },
    async (request): Promise<EndedSessions> => {
      const user = signedInUser(request);
      const ended = await endOtherSessions(context.db, user.id, user.sessionId);
      // Their sockets and the streams they watched end now, not at the next check.
      await context.sessionWatch.checkNow();
      noteAudit(request, {
        action: "sessions-ended",
        detail: `${ended} other session(s) ended by the user`,
      });
      return { ended };
    },
  );
  registerViewAsRoutes(app, context);
  return Promise.resolve();
}
