import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";

/**
 * `GET /api/info`: the session info of the signed-in user. Without a session the guard answers 401,
 * which sends the browser to the login page.
 */
export function registerInfoRoutes(
  app: FastifyInstance,
  guard: preHandlerAsyncHookHandler,
  dashboardVersion: string,
): void {
  app.get("/api/info", { preHandler: guard }, (request) => ({
    user: { fullname: request.user?.fullname ?? "" },
    dashboard_version: dashboardVersion,
  }));
}
