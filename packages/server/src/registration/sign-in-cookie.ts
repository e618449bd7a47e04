import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { sessionCookieName } from "../auth/session-cookie.ts";
import { createBrowserSession } from "../store/browser-sessions.ts";

/**
 * Starts a browser session for a user who has just registered and sets its cookie, so that the
 * registration ends signed in. Same cookie as a sign-in: HttpOnly (no script reads it), SameSite=Lax
 * (not sent on cross-site posts), Secure over HTTPS, for the whole site.
 */
export async function signInRegisteredUser(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = await createBrowserSession(
    context.db,
    {
      userId,
      address: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
      // No ID token: nothing to end at the provider on logout until the next sign-in there.
      idToken: "",
    },
    context.config.session,
  );
  reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
    path: "/",
    maxAge: Math.floor(context.config.session.absoluteMs / 1000),
  });
}
