import type { FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import { safeNextPath } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { createBrowserSession, endBrowserSession } from "../store/browser-sessions.ts";
import { recordAudit } from "../store/audit-log.ts";
import type { UserRow } from "../store/users.ts";
import { cookieBase, loginCookiePath } from "./login-cookies.ts";
import {
  loginCookieName,
  type LoginTransaction,
  type LoginTransactionSealer,
} from "./login-transaction.ts";
import type { RelyingParty } from "./relying-party.ts";
import { sessionCookieName } from "./session-cookie.ts";
import { auditSignIn, refuseSignIn } from "./sign-in-audit.ts";
import { userForIdentity, type VerifiedIdentity } from "./sign-in-identity.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";
import { claimedGroups } from "../store/provider-groups.ts";
import { requestFacts } from "../audit/request-facts.ts";
import { registrationLinkId } from "../store/registration-tokens.ts";
import { grantsHeldBy } from "./grants.ts";
import { groupsThatApplied } from "../audit/request-facts.ts";

/** What the sign-in routes work with: the server, the provider's client, the cookie sealer. */
export interface SignInDeps {
  context: ServerContext;
  relyingParty: RelyingParty;
  sealer: LoginTransactionSealer;
}

/**
 * Who signed in, as the provider's ID token says, and that token (kept for the logout); and the
 * groups its groups claim names (OIDC_GROUPS_CLAIM), which hold for this sign-in.
 */
interface SignedInIdentity {
  identity: VerifiedIdentity;
  idToken: string;
  providerGroups: string[];
}

/** The account the identity signs in to, or where the browser goes when it may not. */
type Account = { kind: "user"; user: UserRow } | { kind: "turned-away"; to: string };

/**
 * `GET /api/oidc/callback`: the identity provider sends the browser back here with a code. The
 * steps, in order: take the sign-in's transaction from its cookie; stop at the provider's own
 * error or a missing transaction; exchange the code for the ID token; resolve the account behind
 * the identity; open a browser session; redirect to where the sign-in started. Each refusal is
 * audited and ends on the login page with its reason, or on `/forbidden` when no account may sign
 * in.
 */
export function oidcCallback(deps: SignInDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { context } = deps;
    const query = fieldsOf(request.query);
    const transaction = takeLoginTransaction(deps, query, request, reply);
    if (typeof query.error === "string") {
      // The provider's own error code is safe to log; its description could be anything.
      const detail = `provider answered ${query.error.slice(0, 60)}`;
      return reply.redirect(await refuseSignIn(context, request, "provider", detail));
    }
    if (!transaction) {
      const detail = "no valid login transaction for this state";
      return reply.redirect(await refuseSignIn(context, request, "expired", detail));
    }

    let signedIn: SignedInIdentity;
    try {
      signedIn = await exchangeCode(deps, request, transaction);
    } catch (error) {
      return reply.redirect(await refuseExchange(context, request, error));
    }

    const { identity } = signedIn;
    const account = await resolveAccount(context, request, identity, transaction.registration);
    if (account.kind === "turned-away") return reply.redirect(account.to);

    await openBrowserSession(context, request, reply, account.user, signedIn);
    // The groups this sign-in holds, those its provider's claim maps to among them.
    const grants = await grantsHeldBy(context.db, account.user.id, signedIn.providerGroups);
    await auditSignIn(
      context,
      request,
      "success",
      account.user.email,
      `through ${identity.issuer}`,
      account.user.id,
      groupsThatApplied(grants),
    );
    return reply.redirect(safeNextPath(transaction.next));
  };
}

/**
 * The sign-in this callback finishes: the transaction sealed in the cookie named after `state`,
 * when it is there, unchanged and recent. Its cookie is cleared either way: it is used once.
 */
function takeLoginTransaction(
  { context, sealer }: SignInDeps,
  query: Record<string, unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
): LoginTransaction | undefined {
  const state = typeof query.state === "string" ? query.state : "";
  const cookieName = loginCookieName(state);
  const sealed = state === "" ? undefined : request.cookies[cookieName];
  if (sealed === undefined) return undefined;
  void reply.clearCookie(cookieName, { ...cookieBase(context), path: loginCookiePath });
  return sealer.open(cookieName, sealed, Date.now());
}

/**
 * Exchanges the code at the provider (PKCE, state and nonce checked) for an ID token, and reads who
 * signed in from it. A registration needs an e-mail address, and the groups claim is read when
 * configured: when the ID token has not what is needed, the provider's userinfo endpoint is asked
 * (many providers keep the ID token small). Throws what the provider or the network threw.
 */
async function exchangeCode(
  { context, relyingParty }: SignInDeps,
  request: FastifyRequest,
  transaction: LoginTransaction,
): Promise<SignedInIdentity> {
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
  const identity = identityOf(claims);
  const { groupsClaim } = context.idp;
  const inToken = groupsClaim === undefined ? [] : claims[groupsClaim];
  const needsEmail = transaction.registration !== undefined && identity.email === undefined;
  if (!needsEmail && inToken !== undefined) {
    return { identity, idToken: tokens.id_token, providerGroups: claimedGroups(inToken) };
  }
  const userInfo = oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  if (!needsEmail) {
    // Only the groups are missing: a userinfo endpoint that fails gives none, not a failed sign-in.
    const info = await userInfo.catch(() => undefined);
    const groups = info === undefined || groupsClaim === undefined ? [] : info[groupsClaim];
    return { identity, idToken: tokens.id_token, providerGroups: claimedGroups(groups) };
  }
  const info = await userInfo;
  const groups = inToken ?? (groupsClaim === undefined ? [] : info[groupsClaim]);
  return {
    identity: withUserInfo(identity, info),
    idToken: tokens.id_token,
    providerGroups: claimedGroups(groups),
  };
}

function identityOf(claims: oidc.IDToken): VerifiedIdentity {
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: stringClaim(claims.email),
    emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
    name: stringClaim(claims.name),
  };
}

function withUserInfo(identity: VerifiedIdentity, info: oidc.UserInfoResponse): VerifiedIdentity {
  return {
    ...identity,
    email: stringClaim(info.email),
    name: identity.name ?? stringClaim(info.name),
    emailVerified:
      typeof info.email_verified === "boolean" ? info.email_verified : identity.emailVerified,
  };
}

/**
 * A failed exchange, logged and audited by its kind (never a token): the provider refused or sent
 * something that failed a check ("invalid-response"), or could not be reached ("unavailable").
 * Answers the login page's path.
 */
function refuseExchange(
  context: ServerContext,
  request: FastifyRequest,
  error: unknown,
): Promise<string> {
  request.log.warn({ err: error }, "sign-in callback refused");
  const code =
    error instanceof oidc.ClientError || isProviderAnswer(error)
      ? "invalid-response"
      : "unavailable";
  return refuseSignIn(context, request, code, errorSummary(error));
}

/**
 * The dashboard account behind the identity (made now when the sign-in carries a registration
 * link), or where the browser goes instead: the login page when the registration is refused,
 * `/forbidden` for an identity without an account or a disabled account. Each is audited.
 */
async function resolveAccount(
  context: ServerContext,
  request: FastifyRequest,
  identity: VerifiedIdentity,
  registration: string | undefined,
): Promise<Account> {
  const outcome = await userForIdentity(context.db, identity, registration);
  if (outcome.kind === "refused") {
    const to = await refuseSignIn(context, request, outcome.code, outcome.detail, identity.email);
    return { kind: "turned-away", to };
  }
  if (outcome.kind === "no-account") {
    const detail = `no account for ${identity.issuer} ${identity.subject}`;
    await auditSignIn(context, request, "failure", identity.email ?? "", detail);
    return { kind: "turned-away", to: "/forbidden" };
  }
  const { user } = outcome;
  if (outcome.registered) {
    await recordAudit(context.db, {
      action: "registration",
      outcome: "success",
      actor: user.email,
      identityId: user.id,
      ...requestFacts(request),
      detail: `through ${identity.issuer}${registration === undefined ? "" : `, with link ${registrationLinkId(registration)}`}`,
    });
  }
  if (user.disabled === 1) {
    await auditSignIn(context, request, "failure", user.email, "account disabled", user.id);
    return { kind: "turned-away", to: "/forbidden" };
  }
  return { kind: "user", user };
}

/** Starts the user's browser session and sets its cookie; one this browser still held ends. */
async function openBrowserSession(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  { idToken, providerGroups }: SignedInIdentity,
): Promise<void> {
  const previous = request.cookies[sessionCookieName];
  if (previous !== undefined) await endBrowserSession(context.db, previous);
  const token = await createBrowserSession(
    context.db,
    {
      userId: user.id,
      address: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
      idToken,
      providerGroups,
    },
    context.config.session,
  );
  void reply.setCookie(sessionCookieName, token, {
    ...cookieBase(context),
    path: "/",
    maxAge: Math.floor(context.config.session.absoluteMs / 1000),
  });
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
