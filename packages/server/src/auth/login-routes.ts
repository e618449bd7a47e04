import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import type { LoginErrorCode } from "@anbox-dashboard/contract";
import type { AuthContext } from "./auth-context.ts";
import type { RelyingParty } from "./relying-party.ts";
import {
  loginCookieName,
  loginCookiePrefix,
  loginTransactionMaxAgeMs,
  type LoginTransaction,
  type LoginTransactionSealer,
} from "./login-transaction.ts";
import { safeNextPath } from "./next-path.ts";
import { userForIdentity, type VerifiedIdentity } from "./sign-in-identity.ts";
import { sessionCookieName } from "./session-cookie.ts";
import {
  checkRegistrationLinkLimited,
  tooManyRegistrationAttempts,
} from "../registration/limited-link-check.ts";
import { isSameOrigin } from "./csrf.ts";
import { sendTooManyRequests } from "./rate-limits/too-many-requests.ts";
import { createBrowserSession, endBrowserSession } from "../store/browser-sessions.ts";
import { recordAudit } from "../store/audit-log.ts";

/** Where login transaction cookies are sent: every sign-in route, nothing else. */
const loginCookiePath = "/api/";
/** A browser keeps at most this many sign-ins in progress; older ones are dropped. */
const maxPendingLogins = 3;

interface LoginDeps {
  context: AuthContext;
  relyingParty: RelyingParty;
  sealer: LoginTransactionSealer;
}

/**
 * `GET /api/login?next=&registration=`: starts an authorization code flow (PKCE, state, nonce) at
 * the identity provider. `GET /api/oidc/callback`: finishes it and starts a browser session.
 * Failures go back to `/login?error=<code>`; an identity without an account goes to `/forbidden`.
 */
export function registerLoginRoutes(app: FastifyInstance, deps: LoginDeps): void {
  const { context, relyingParty, sealer } = deps;
  const publicOrigin = new URL(context.publicUrl).origin;

  app.get("/api/login", { config: { access: "public" } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
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
        return fail(
          deps,
          request,
          reply,
          "registration-invalid",
          `registration token ${token.kind}`,
        );
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
      scope: "openid email profile",
      response_type: "code",
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: "S256",
    });
    return reply.redirect(url.href);
  });

  app.get("/api/oidc/callback", { config: { access: "public" } }, async (request, reply) => {
    const address = request.ip;
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === "string" ? query.state : "";
    const cookieName = loginCookieName(state);
    const sealed = state === "" ? undefined : request.cookies[cookieName];
    const transaction =
      sealed === undefined ? undefined : sealer.open(cookieName, sealed, Date.now());
    if (sealed !== undefined) {
      void reply.clearCookie(cookieName, { ...cookieBase(context), path: loginCookiePath });
    }
    if (typeof query.error === "string") {
      // The provider's own error code is safe to log; its description could be anything.
      return fail(
        deps,
        request,
        reply,
        "provider",
        `provider answered ${query.error.slice(0, 60)}`,
      );
    }
    if (!transaction) {
      return fail(deps, request, reply, "expired", "no valid login transaction for this state");
    }

    let identity: VerifiedIdentity;
    let idToken: string;
    try {
      const config = await relyingParty.config();
      const currentUrl = new URL(context.idp.redirectUri);
      currentUrl.search = new URL(request.url, "http://callback.invalid").search;
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || tokens.id_token === undefined) throw new Error("no ID token");
      idToken = tokens.id_token;
      identity = {
        issuer: claims.iss,
        subject: claims.sub,
        email: stringClaim(claims.email),
        emailVerified:
          typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
        name: stringClaim(claims.name),
      };
      if (transaction.registration !== undefined && identity.email === undefined) {
        // Providers that keep the ID token small put the profile behind the userinfo endpoint.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        identity.email = stringClaim(info.email);
        identity.name = identity.name ?? stringClaim(info.name);
        if (typeof info.email_verified === "boolean") identity.emailVerified = info.email_verified;
      }
    } catch (error) {
      request.log.warn({ err: error }, "sign-in callback refused");
      const code =
        error instanceof oidc.ClientError || isProviderAnswer(error)
          ? "invalid-response"
          : "unavailable";
      return fail(deps, request, reply, code, errorSummary(error));
    }

    const outcome = await userForIdentity(context.db, identity, transaction.registration);
    if (outcome.kind === "refused") {
      return fail(deps, request, reply, outcome.code, outcome.detail, identity.email);
    }
    if (outcome.kind === "no-account") {
      await audit(
        context,
        request,
        "failure",
        identity.email ?? "",
        `no account for ${identity.issuer} ${identity.subject}`,
      );
      return reply.redirect("/forbidden");
    }
    const { user } = outcome;
    if (outcome.registered) {
      await recordAudit(context.db, {
        action: "registration",
        outcome: "success",
        actor: user.email,
        address,
        detail: `through ${identity.issuer}`,
      });
    }
    if (user.disabled === 1) {
      await audit(context, request, "failure", user.email, "account disabled");
      return reply.redirect("/forbidden");
    }

    // A sign-in in a browser that still holds a session replaces it.
    const previous = request.cookies[sessionCookieName];
    if (previous !== undefined) await endBrowserSession(context.db, previous);
    const token = await createBrowserSession(
      context.db,
      {
        userId: user.id,
        address,
        userAgent: request.headers["user-agent"] ?? "",
        idToken,
      },
      context.config.session,
    );
    void reply.setCookie(sessionCookieName, token, {
      ...cookieBase(context),
      path: "/",
      maxAge: Math.floor(context.config.session.absoluteMs / 1000),
    });
    await audit(context, request, "success", user.email, `through ${identity.issuer}`);
    return reply.redirect(safeNextPath(transaction.next));
  });
}

export function cookieBase(context: AuthContext) {
  return { httpOnly: true, sameSite: "lax", secure: context.secureCookies } as const;
}

export function loginErrorPath(code: LoginErrorCode): string {
  return `/login?error=${code}`;
}

/**
 * Audits a refused sign-in and sends the browser to the login page with the reason. Not counted
 * against any limit: no password is tried on these routes (the identity provider checks and limits
 * passwords), and any page can send its visitors here with a made-up state or registration, so
 * counting would let it lock them out.
 */
async function fail(
  deps: LoginDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  code: LoginErrorCode,
  detail: string,
  actor = "",
): Promise<FastifyReply> {
  await audit(deps.context, request, "failure", actor, `${code}: ${detail}`);
  return reply.redirect(loginErrorPath(code));
}

function audit(
  context: AuthContext,
  request: FastifyRequest,
  outcome: "success" | "failure",
  actor: string,
  detail: string,
): Promise<void> {
  return recordAudit(context.db, {
    action: "sign-in",
    outcome,
    actor,
    address: request.ip,
    detail: detail.slice(0, 300),
  });
}

/** Keeps the newest few sign-ins in progress: a login button clicked many times adds no more. */
function dropOldTransactions(
  sealer: LoginTransactionSealer,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const pending = Object.entries(request.cookies)
    .filter(([name]) => name.startsWith(loginCookiePrefix))
    .map(([name, value]) => ({ name, createdAt: sealer.open(name, value ?? "")?.createdAt ?? 0 }))
    .sort((a, b) => b.createdAt - a.createdAt);
  for (const stale of pending.slice(maxPendingLogins - 1)) {
    void reply.clearCookie(stale.name, { path: loginCookiePath });
  }
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** An answer from the provider that it refused or that failed a check (not a network failure). */
function isProviderAnswer(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  );
}

/** For the audit log and the server log: the kind of failure, never a token. */
function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return "unknown failure";
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === "string" ? ` ${code}` : ""}: ${error.message}`.slice(
    0,
    200,
  );
}
