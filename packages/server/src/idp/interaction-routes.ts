import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { ServerContext } from "../server-context.ts";
import { recordAudit } from "../store/audit-log.ts";
import { retryAfterSeconds } from "../auth/rate-limits/wait-time.ts";
import { maxPasswordLength, verifyIdpPassword } from "./accounts.ts";
import {
  expiredPage,
  loginPage,
  tooManyAttemptsMessage,
  wrongCredentialsMessage,
} from "./login-page.ts";
import { messagePage } from "./page.ts";
import { ensureDashboardGrant } from "./provider.ts";
import type { DashboardLook } from "./dashboard-look.ts";
import { textOf } from "@anbox-dashboard/http-kit";

/**
 * The provider's user-facing step: `GET /oidc/interaction/:uid` shows the sign-in form, `POST
 * /oidc/interaction/:uid/login` checks the password and hands the result back to oidc-provider,
 * which redirects to the dashboard with a code. Register in a scope that parses form bodies.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  context: ServerContext,
  provider: Provider,
  look: DashboardLook,
): void {
  const { db } = context;
  const signInLimiter = context.rateLimits.signIn;
  const publicOrigin = new URL(context.publicUrl).origin;
  const loginUrl = `${context.publicUrl}/login`;
  // The Content Security Policy, framing and referrer headers of every `/oidc` page are set by
  // http/security-headers.ts. Its Referrer-Policy is "same-origin", not "no-referrer": with the
  // latter, browsers send the form's `Origin` as "null" and the check below could not tell our
  // own form from another site's.
  const pageHeaders = {
    "cache-control": "no-store",
    "content-type": "text/html; charset=utf-8",
  };

  function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
    return reply.code(status).headers(pageHeaders).send(html);
  }

  /** The interaction the browser's cookie points at, if it is still waiting at `uid`. */
  async function pendingInteraction(request: FastifyRequest, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === textOf(request.params, "uid") ? details : undefined;
    } catch {
      // No interaction cookie, an unknown or expired interaction, a session that changed.
      return undefined;
    }
  }

  function actionFor(uid: string): string {
    return `${context.idp.issuer}/interaction/${encodeURIComponent(uid)}/login`;
  }

  app.get("/oidc/interaction/:uid", { config: { access: "public" } }, async (request, reply) => {
    const interaction = await pendingInteraction(request, reply);
    if (!interaction) return sendPage(reply, 400, expiredPage(look, loginUrl));
    if (interaction.prompt.name !== "login") {
      // Only login is ever asked for (consent is implicit); finish anything else at once.
      const accountId = interaction.session?.accountId;
      if (accountId === undefined) return sendPage(reply, 400, expiredPage(look, loginUrl));
      const grant = await ensureDashboardGrant(provider, accountId, context.idp.clientId);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        consent: { grantId: grant.jti },
      });
      return reply.redirect(returnTo, 303);
    }
    const hint = interaction.params.login_hint;
    return sendPage(
      reply,
      200,
      loginPage(look, {
        action: actionFor(interaction.uid),
        email: typeof hint === "string" ? hint : "",
      }),
    );
  });

  app.post(
    "/oidc/interaction/:uid/login",
    { config: { access: "public" } },
    async (request, reply) => {
      const origin = request.headers.origin;
      const sameOriginFetch = request.headers["sec-fetch-site"] === "same-origin";
      if (origin !== undefined && origin !== publicOrigin && !sameOriginFetch) {
        // Another site's form (or an opaque "null" origin): refuse before anything else.
        return sendPage(
          reply,
          403,
          messagePage(look, "Sign-in refused", "This sign-in form was not sent from Anbox Cloud.", {
            href: loginUrl,
            text: "Go to the dashboard sign-in",
          }),
        );
      }
      const interaction = await pendingInteraction(request, reply);
      if (interaction?.prompt.name !== "login") {
        return sendPage(reply, 400, expiredPage(look, loginUrl));
      }
      const action = actionFor(interaction.uid);
      const { email, password } = formFields(request.body);
      const accountKey = email.trim().toLowerCase();
      if (accountKey === "" || password === "") {
        return sendPage(
          reply,
          400,
          loginPage(look, { action, email, error: "Enter your e-mail address and password." }),
        );
      }

      // Counted as a failure from here until the password proves right: see sign-in-limiter.ts.
      const attempt = await signInLimiter.tryAttempt(accountKey, request.ip);
      if (!attempt.allowed) {
        await recordAudit(db, {
          action: "sign-in",
          outcome: "failure",
          actor: accountKey,
          address: request.ip,
          detail: "idp-login: refused, too many failed sign-ins",
        });
        return sendPage(
          reply.header("retry-after", String(retryAfterSeconds(attempt.retryAfterMs))),
          429,
          loginPage(look, { action, email, error: tooManyAttemptsMessage(attempt.retryAfterMs) }),
        );
      }

      const account = await verifyIdpPassword(db, accountKey, password);
      if (!account) {
        await recordAudit(db, {
          action: "sign-in",
          outcome: "failure",
          actor: accountKey,
          address: request.ip,
          detail: "idp-login: wrong e-mail address or password",
        });
        return sendPage(
          reply,
          401,
          loginPage(look, { action, email, error: wrongCredentialsMessage }),
        );
      }

      await attempt.succeeded();
      const grant = await ensureDashboardGrant(provider, account.id, context.idp.clientId);
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        {
          login: { accountId: account.id, amr: ["pwd"] },
          consent: { grantId: grant.jti },
        },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    },
  );
}

/** The two fields of the form, as strings; anything else (missing, repeated, too long) is "". */
function formFields(body: unknown): { email: string; password: string } {
  const field = (name: string): string => {
    if (typeof body !== "object" || body === null) return "";
    const value: unknown = (body as Record<string, unknown>)[name];
    return typeof value === "string" ? value : "";
  };
  // Over-long values are cut rather than refused: such a password is wrong either way.
  return {
    email: field("email").slice(0, 320),
    password: field("password").slice(0, maxPasswordLength + 1),
  };
}
