import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendApiError } from "../http/api-error.ts";
import { matchedRouteAccess } from "./route-access.ts";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses cross-site requests that would act with the user's session cookie (CSRF), and
 * cross-site WebSocket handshakes (which SameSite=Lax does not fully cover: a sibling subdomain is
 * "same-site").
 *
 * The rule, for state-changing calls and WebSocket handshakes of every route whose access rests on
 * the cookie or on nothing (`session`, `public`: see route-access.ts), decided on the route that
 * matched, never on the URL's text; `token` routes carry their credential in the URL instead:
 * - `Sec-Fetch-Site` present (every current browser sends it): only `same-origin` or `none`
 *   (typed by the user) passes.
 * - Absent (older browsers): `Origin`, when present, must be the dashboard's public origin.
 * - Both absent: not a browser acting for a page (curl, scripts), so it passes; such a client
 *   holds the cookie itself. Browsers send `Origin` on every cross-origin POST, form posts
 *   included, so no cross-site page reaches this case.
 * The embedded identity provider's routes (`/oidc/...`) are public routes like the others: its
 * token endpoint is called by the dashboard's own server, which sends neither header.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (!isProtected(request)) return;
    if (isSameOrigin(request, publicOrigin)) return;
    await sendApiError(reply, 403, "Cross-site request refused");
    return reply;
  });
}

function isProtected(request: FastifyRequest): boolean {
  const access = matchedRouteAccess(request);
  if (access === undefined || access === "token") return false;
  if (stateChanging.has(request.method)) return true;
  const upgrade = request.headers.upgrade;
  return typeof upgrade === "string" && upgrade.toLowerCase() === "websocket";
}

export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site === "same-origin" || site === "none";
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin;
}
