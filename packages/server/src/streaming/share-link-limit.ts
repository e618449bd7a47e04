import type { RouteShorthandOptions } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { isSameOrigin } from "../auth/csrf.ts";
import { addressKey } from "../auth/rate-limits/address-key.ts";
import { sendTooManyRequests } from "../auth/rate-limits/too-many-requests.ts";
import { sendApiError } from "../http/api-error.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

export const tooManyShareLinks =
  "Too many share links that lead nowhere were opened from your address.";

/**
 * Route hooks for the public stream page's calls, which look a share link's token up: per client
 * address, links that lead nowhere (404, 410) are counted, and past the limit the address gets 429
 * without a look-up. A page of another site may not look links up at all (it cannot read the
 * answer, but could use up its visitors' allowance); its state-changing calls are already refused
 * by the CSRF rule.
 */
export function shareLinkLimit(
  context: ServerContext,
): Pick<RouteShorthandOptions, "preHandler" | "onError"> {
  const limiter = context.rateLimits.shareLinks;
  const publicOrigin = new URL(context.publicUrl).origin;
  return {
    preHandler: async (request, reply) => {
      if (!isSameOrigin(request, publicOrigin)) {
        return sendApiError(
          reply,
          403,
          "Share links are opened only by the dashboard's stream page.",
        );
      }
      const retryAfterMs = await limiter.retryAfterMs(addressKey(request.ip));
      if (retryAfterMs > 0) return sendTooManyRequests(reply, retryAfterMs, tooManyShareLinks);
      return undefined;
    },
    onError: async (request, _reply, error) => {
      if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) {
        await limiter.recordFailure(addressKey(request.ip));
      }
    },
  };
}
