import Fastify, { type FastifyInstance } from "fastify";
import { AmsError, errorResponse } from "./envelope.ts";
import { registerServiceRoutes } from "./routes/service.ts";
import type { ClusterIdentity } from "./cluster-identity.ts";

export interface AmsServerOptions {
  identity: ClusterIdentity;
  logger?: boolean;
}

/** The control plane's REST API: `/1.0/...` with AMS envelopes for every answer, errors included. */
export function buildAmsServer(options: AmsServerOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorResponse(404, `Not found: ${request.method} ${request.url}`));
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AmsError) {
      return reply.code(error.statusCode).send(errorResponse(error.statusCode, error.message));
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      const message = error instanceof Error ? error.message : "Bad request";
      return reply.code(statusCode).send(errorResponse(statusCode, message));
    }
    app.log.error(error);
    return reply.code(500).send(errorResponse(500, "Internal error"));
  });

  registerServiceRoutes(app, options.identity);
  return app;
}
