import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../store/database.ts";
import {
  findSessionUser,
  type SessionLifetimes,
  type SignedInUser,
} from "../store/browser-sessions.ts";
import { sessionCookieName } from "./session-cookie.ts";
import { sendApiError } from "../http/api-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; set by `requireSession` on every route that needs one. */
    user: SignedInUser | null;
  }
}

/**
 * A preHandler: answers 401 unless the request carries a live browser session, and 403 when its
 * user has been disabled (their sessions ended with them).
 */
export function requireSession(db: Database, lifetimes: SessionLifetimes) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // Already looked up for this request (the session gate runs first): one query is enough.
    if (request.user !== null) return;
    const token = request.cookies[sessionCookieName];
    const lookup =
      token === undefined ? { kind: "none" as const } : await findSessionUser(db, token, lifetimes);
    if (lookup.kind === "disabled") {
      await sendApiError(reply, 403, "Your account has been disabled. Ask an administrator.");
      return;
    }
    if (lookup.kind === "none") {
      await sendApiError(reply, 401, "You are not signed in.");
      return;
    }
    request.user = lookup.user;
  };
}
