import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import type { ServerConfig } from "./config.ts";
import type { Database } from "./store/database.ts";
import { ApiError, sendApiError } from "./api/api-error.ts";
import { registerAuthInfoRoutes } from "./api/auth-info.ts";
import { registerInfoRoutes } from "./api/info.ts";
import { registerClusterRoutes } from "./api/clusters.ts";
import { requireSession } from "./auth/require-session.ts";
import { registerSpa } from "./static/spa.ts";
import { AmsClientError } from "./clusters/ams-client.ts";
import { dashboardVersion } from "./version.ts";

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  clusterIds: readonly string[];
  logger?: boolean;
}

/** The dashboard's HTTP server: every `/api/...` call, the events relay and the SPA. */
export async function buildApp({
  config,
  db,
  clusterIds,
  logger,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ?? false, trustProxy: false });
  app.decorateRequest("user", null);
  await app.register(fastifyCookie);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError || error instanceof AmsClientError) {
      return sendApiError(reply, error.statusCode, error.message);
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendApiError(
        reply,
        statusCode,
        error instanceof Error ? error.message : "Bad request",
      );
    }
    request.log.error(error);
    return sendApiError(reply, 500, "The server failed to handle this request.");
  });

  const guard = requireSession(db, config.session);
  registerAuthInfoRoutes(app, db, config.variant);
  registerInfoRoutes(app, guard, dashboardVersion);
  registerClusterRoutes(app, guard, clusterIds);
  await registerSpa(app, config.webDistDir);
  return app;
}
