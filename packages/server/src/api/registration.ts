import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  registrationRequestSchema,
  type RegistrationInfo,
  type RegistrationResult,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { recordAudit } from "../store/audit-log.ts";
import { isSameOrigin } from "../auth/csrf.ts";
import { addressKey } from "../auth/rate-limits/address-key.ts";
import { sendTooManyRequests } from "../auth/rate-limits/too-many-requests.ts";
import {
  checkRegistrationLinkLimited,
  tooManyRegistrationAttempts,
} from "../registration/limited-link-check.ts";
import { registerAccount } from "../registration/register-account.ts";
import { signInRegisteredUser } from "../registration/sign-in-cookie.ts";
import { sendApiError } from "../http/api-error.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requestFacts } from "../audit/request-facts.ts";
import { registrationLinkId } from "../store/registration-tokens.ts";

/**
 * The registration links `bin/dashboard register` prints: public routes (the person has no account
 * yet), whose only credential is the one-time token in the link.
 */
export function registerRegistrationRoutes(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  const { db } = context;
  const publicOrigin = new URL(context.publicUrl).origin;

  app.get(
    "/api/registration",
    { config: { access: "public" } },
    async (request, reply): Promise<RegistrationInfo | FastifyReply> => {
      if (!isSameOrigin(request, publicOrigin)) {
        // Only the registration page asks; another site's page could otherwise use up its
        // visitors' allowance of look-ups (the answer is unreadable to it anyway).
        return sendApiError(
          reply,
          403,
          "Registration links are checked only by the dashboard's registration page.",
        );
      }
      const link = await checkRegistrationLinkLimited(context, request, tokenFrom(request.query));
      if (link.kind === "limited") {
        return sendTooManyRequests(reply, link.retryAfterMs, tooManyRegistrationAttempts);
      }
      const email = link.kind === "valid" ? link.email : "";
      return {
        state: link.kind,
        email,
        needsEmail: link.kind === "valid" && email === "",
        isExternalIdp: context.idp.isExternal,
      };
    },
  );

  app.post(
    "/api/registration",
    { config: { access: "public" } },
    async (request, reply): Promise<RegistrationResult | FastifyReply> => {
      const address = request.ip;
      // Guessing tokens or hammering the password rules from one address is slowed down, with the
      // counter of links looked up that were not valid.
      const limiter = context.rateLimits.registration;
      const retryAfterMs = await limiter.retryAfterMs(addressKey(address));
      if (retryAfterMs > 0) {
        return sendTooManyRequests(reply, retryAfterMs, tooManyRegistrationAttempts);
      }
      if (context.idp.isExternal) {
        throw new HttpError(
          400,
          "This dashboard signs people in with an external identity provider: register through it with “Continue with your identity provider”.",
        );
      }
      const parsed = registrationRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        throw new HttpError(
          400,
          "Send the registration link's token, your full name and a password.",
        );
      }
      const { token, fullname, email, password } = parsed.data;

      let user;
      try {
        user = await registerAccount(db, context.idp.issuer, { token, fullname, email, password });
      } catch (error) {
        if (error instanceof HttpError) {
          await limiter.recordFailure(addressKey(address));
          await recordAudit(db, {
            action: "registration",
            outcome: "failure",
            actor: email?.trim().toLowerCase() ?? "",
            address,
            detail: `link ${registrationLinkId(token)}: ${error.message}`,
          });
        }
        throw error;
      }
      await signInRegisteredUser(context, request, reply, user.id);
      await recordAudit(db, {
        action: "registration",
        outcome: "success",
        actor: user.email,
        identityId: user.id,
        ...requestFacts(request),
        detail: `user ${user.id}, with link ${registrationLinkId(token)}`,
      });
      return { next: "/" };
    },
  );
  return Promise.resolve();
}

function tokenFrom(query: FastifyRequest["query"]): string {
  if (typeof query !== "object" || query === null || !("token" in query)) return "";
  return typeof query.token === "string" ? query.token : "";
}
