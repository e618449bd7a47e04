import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isPublicApiPath, protectedPrefixes } from "./public-paths.ts";

/**
 * Default deny: every route under `/api/` and `/ams/` (WebSockets included) needs a session unless
 * it is public, even a route whose author forgot the guard. Runs the same guard the routes use
 * (401 signed out, 403 disabled); the guard then finds `request.user` already set. Unknown paths
 * are left to the not-found handler, so that they stay 404s.
 */
export function registerSessionGate(
  app: FastifyInstance,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.url === undefined) return;
    const path = request.url.split("?")[0] ?? "";
    if (!protectedPrefixes.some((prefix) => path.startsWith(prefix))) return;
    if (isPublicApiPath(path)) return;
    await guard(request, reply);
    if (reply.sent) return reply;
  });
}
