import Fastify, { type FastifyInstance } from "fastify";
import fastifyWebsocket from "@fastify/websocket";
import { allowCrossOriginCalls } from "./cross-origin.ts";
import type { GatewayServices } from "./gateway-services.ts";
import { gatewayError, gatewayRefusals } from "./envelope.ts";
import { requireServiceAccount } from "./token-auth.ts";
import { registerServiceRoutes } from "./routes/service.ts";
import { registerSessionRoutes } from "./routes/sessions.ts";
import { registerShareRoutes } from "./routes/shares.ts";
import { registerSignalingRoutes, signalingRoute } from "./routes/signaling.ts";
import {
  clientErrorsAnswered,
  frameworkErrorsAnswered,
  refuseNulCharacters,
  useJsonBodyParser,
} from "@anbox-dashboard/http-kit";

/** Largest request body: the gateway only takes small JSON documents. */
const bodyLimit = 64 * 1024;

/**
 * Routes open without a service-account token: the status (it then tells only `status`) and the
 * signaling socket, whose single-use join token is its credential.
 */
const openRoutes: ReadonlySet<string> = new Set(["/1.0/status", signalingRoute]);

/**
 * The stream gateway's REST API (reference section 3): `/1.0/...` with the gateway's envelope for
 * every answer, errors included; every route but the open ones needs a service account's token.
 */
export async function buildGatewayServer(services: GatewayServices): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit,
    frameworkErrors: frameworkErrorsAnswered(gatewayRefusals),
    clientErrorHandler: clientErrorsAnswered(gatewayRefusals),
  });
  await app.register(fastifyWebsocket);
  useJsonBodyParser(app, gatewayRefusals);
  refuseNulCharacters(app, gatewayRefusals);
  allowCrossOriginCalls(app);

  // Runs for unknown routes too: without a token, an unknown route is a 401 like any other, so
  // that the API's shape is not told to callers who may not use it.
  app.addHook("onRequest", async (request) => {
    if (openRoutes.has(request.routeOptions.url ?? "")) return;
    await requireServiceAccount(services.context.db, request);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send(gatewayError(404, `Not found: ${request.method} ${request.url.split("?")[0] ?? ""}`));
  });

  app.setErrorHandler((error, _request, reply) => {
    // A refusal is answered in the gateway's envelope with its words: the HttpError (4xx) of the
    // gateway's modules and of the code it shares with the AMS API (validation, instances), and
    // Fastify's own (bad JSON, body too large). Anything else is internal, and not told.
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
      const message = error instanceof Error ? error.message : "Bad request";
      return reply.code(statusCode).send(gatewayError(statusCode, message));
    }
    console.error("stream gateway: internal error:", error);
    return reply.code(500).send(gatewayError(500, "Internal error"));
  });

  registerServiceRoutes(app, services);
  registerSessionRoutes(app, services);
  registerShareRoutes(app, services);
  registerSignalingRoutes(app, services);
  return app;
}
