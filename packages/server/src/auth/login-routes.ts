import type { FastifyInstance } from "fastify";
import * as oidc from "openid-client";
import { safeNextPath } from "@anbox-dashboard/contract";
import {
  loginCookieName,
  loginTransactionMaxAgeMs,
  type LoginTransaction,
} from "./login-transaction.ts";
import {
  checkRegistrationLinkLimited,
  tooManyRegistrationAttempts,
} from "../registration/limited-link-check.ts";
import { isSameOrigin } from "./csrf.ts";
import { sendTooManyRequests } from "./rate-limits/too-many-requests.ts";
import { cookieBase, dropOldTransactions, loginCookiePath } from "./login-cookies.ts";
import { oidcCallback, type SignInDeps } from "./oidc-callback.ts";
import { loginErrorPath, refuseSignIn } from "./sign-in-audit.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";

/**
 * `GET /api/login?next=&registration=`: starts an authorization code flow (PKCE, state, nonce) at
 * the identity provider. `GET /api/oidc/callback`: finishes it and starts a browser session.
 * Failures go back to `/login?error=<code>`; an identity without an account goes to `/forbidden`.
 */
export function registerLoginRoutes(app: FastifyInstance, deps: SignInDeps): void {
  const { context, relyingParty, sealer } = deps;
  const publicOrigin = new URL(context.publicUrl).origin;

  app.get("/api/login", { config: { access: "public" } }, async (request, reply) => {
    const query = fieldsOf(request.query);
    const next = safeNextPath(query.next);
    const registration = typeof query.registration === "string" ? query.registration : undefined;
    if (registration !== undefined) {
      if (!isSameOrigin(request, publicOrigin)) {
        // Another site's page: its token is not looked up (nor counted against this browser's
        // address); the registration page, where a person starts a registration, is shown instead.
        return reply.redirect(`/register?token=${encodeURIComponent(registration)}`);
      }
      const token = await checkRegistrationLinkLimited(context, request, registration);
      if (token.kind === "limited") {
        return sendTooManyRequests(reply, token.retryAfterMs, tooManyRegistrationAttempts);
      }
      if (token.kind !== "valid") {
        const detail = `registration token ${token.kind}`;
        return reply.redirect(await refuseSignIn(context, request, "registration-invalid", detail));
      }
    }
    let config: oidc.Configuration;
    try {
      config = await relyingParty.config();
    } catch (error) {
      request.log.warn({ err: error }, "identity provider discovery failed");
      return reply.redirect(loginErrorPath("unavailable"));
    }
    const transaction: LoginTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      next,
      ...(registration === undefined ? {} : { registration }),
      createdAt: Date.now(),
    };
    dropOldTransactions(sealer, request, reply);
    void reply.setCookie(loginCookieName(transaction.state), sealer.seal(transaction), {
      ...cookieBase(context),
      path: loginCookiePath,
      maxAge: loginTransactionMaxAgeMs / 1000,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: context.idp.redirectUri,
      scope: context.idp.scope,
      response_type: "code",
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: "S256",
    });
    return reply.redirect(url.href);
  });

  app.get("/api/oidc/callback", { config: { access: "public" } }, oidcCallback(deps));
}
