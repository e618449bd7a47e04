import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchedRouteAccess } from "./route-access.ts";

/**
 * Default deny: every route needs a session unless its registration declares another access
 * (`config: { access }`, see route-access.ts), WebSocket routes included, even a route whose author
 * forgot the guard. Decided on the route that matched, never on the URL's text. Runs the same guard
 * the routes use (401 signed out, 403 disabled); the guard then finds `request.user` already set.
 * A request no route matched goes to the not-found handler, which serves nothing protected.
 */
export function registerSessionGate(
  app: FastifyInstance,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.addHook("onRequest", async (request, reply) => {
    if (matchedRouteAccess(request) !== "session") return;
    await guard(request, reply);
    if (reply.sent) return reply;
  });
}
