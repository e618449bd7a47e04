import type { FastifyInstance } from "fastify";
import * as oidc from "openid-client";
import type { ServerContext } from "../server-context.ts";
import type { RelyingParty } from "./relying-party.ts";
import { sessionCookieName } from "./session-cookie.ts";
import { cookieBase } from "./login-cookies.ts";
import { endBrowserSession, findSessionUser } from "../store/browser-sessions.ts";
import { recordAudit } from "../store/audit-log.ts";
import { requestFacts } from "../audit/request-facts.ts";

/**
 * `GET /logout` (a plain link in the navigation): ends the browser session here, then at the
 * identity provider when it offers RP-initiated logout, which sends the browser back to `/login`.
 * Another site cannot sign people out by linking here: a cross-site request changes nothing.
 */
export function registerLogoutRoute(
  app: FastifyInstance,
  context: ServerContext,
  relyingParty: RelyingParty,
): void {
  app.get("/logout", { config: { access: "public" } }, async (request, reply) => {
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") return reply.redirect("/");

    const token = request.cookies[sessionCookieName];
    void reply.clearCookie(sessionCookieName, { ...cookieBase(context), path: "/" });
    if (token === undefined) return reply.redirect("/login");

    const lookup = await findSessionUser(context.db, token, context.config.session);
    const idToken = await endBrowserSession(context.db, token);
    // Its sockets and the stream it watched end now, not at the next check.
    await context.sessionWatch.checkNow();
    if (lookup.kind === "signed-in") {
      await recordAudit(context.db, {
        action: "sign-out",
        outcome: "success",
        actor: lookup.user.email,
        identityId: lookup.user.id,
        ...requestFacts(request),
      });
    }
    if (idToken === undefined || idToken === "") return reply.redirect("/login");
    let target = "/login";
    try {
      const config = await relyingParty.config();
      if (config.serverMetadata().end_session_endpoint !== undefined) {
        target = oidc.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          post_logout_redirect_uri: context.idp.postLogoutRedirectUri,
        }).href;
      }
    } catch (error) {
      // The provider is unreachable: the dashboard session has ended, which is what matters.
      request.log.warn({ err: error }, "logout at the identity provider skipped");
    }
    return reply.redirect(target);
  });
}
