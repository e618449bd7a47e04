import type { FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { addressKey } from "../auth/rate-limits/address-key.ts";
import {
  checkRegistrationToken,
  type RegistrationTokenState,
} from "../store/registration-tokens.ts";

export type LimitedLinkCheck = RegistrationTokenState | { kind: "limited"; retryAfterMs: number };

/** The words of a 429 for registration look-ups; the wait is added after. */
export const tooManyRegistrationAttempts =
  "Too many failed registration attempts from your address.";

/**
 * Looks a registration link's token up for the client of `request`, within the per-address limit
 * on links that are not valid: past it, `limited`, without a look-up. A link that is not valid
 * (unknown, used, expired) counts against the limit; a valid one costs nothing.
 */
export async function checkRegistrationLinkLimited(
  context: ServerContext,
  request: FastifyRequest,
  token: string,
): Promise<LimitedLinkCheck> {
  const limiter = context.rateLimits.registration;
  const address = addressKey(request.ip);
  const retryAfterMs = await limiter.retryAfterMs(address);
  if (retryAfterMs > 0) return { kind: "limited", retryAfterMs };
  const state: RegistrationTokenState =
    token === "" ? { kind: "unknown" } : await checkRegistrationToken(context.db, token);
  if (state.kind !== "valid") await limiter.recordFailure(address);
  return state;
}
