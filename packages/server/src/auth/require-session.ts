import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../store/database.ts";
import { findSessionUser, type SignedInUser } from "../store/browser-sessions.ts";
import { sessionCookieName } from "./session-cookie.ts";
import { sendApiError } from "../api/api-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; set by `requireSession` on every route that needs one. */
    user: SignedInUser | null;
  }
}

/** A preHandler: answers 401 unless the request carries a live browser session. */
export function requireSession(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const sessionId = request.cookies[sessionCookieName];
    const user =
      sessionId === undefined ? undefined : await findSessionUser(db, sessionId, new Date());
    if (user === undefined) {
      await sendApiError(reply, 401, "You are not signed in.");
      return;
    }
    request.user = user;
  };
}
