import Fastify, { type FastifyInstance } from "fastify";
import fastifyWebsocket from "@fastify/websocket";
import { amsRefusals, errorResponse } from "./envelope.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { clearUploadTemporaryDirectory } from "../http/receive-upload.ts";
import type { ClusterContext } from "../context.ts";
import { registerServiceRoutes } from "./routes/service.ts";
import { registerOperationRoutes } from "./routes/operations.ts";
import { registerNodesRoutes } from "./routes/nodes.ts";
import { registerImagesRoutes } from "./routes/images.ts";
import { registerConfigRoutes } from "./routes/config.ts";
import { registerApplicationsRoutes } from "./routes/applications.ts";
import { registerRegistryRoutes } from "./routes/registry.ts";
import { registerInstancesRoutes } from "./routes/instances.ts";
import { registerInstanceLogsRoutes } from "./routes/instance-logs.ts";
import { registerInstanceExecRoutes } from "./routes/instance-exec.ts";
import { registerInstanceDeviceRoutes } from "./routes/instance-device.ts";
import { registerEventsRoutes } from "./routes/events.ts";
import { registerCertificatesRoutes } from "./routes/certificates.ts";
import { registerCapacityRoutes } from "./routes/capacity.ts";
import {
  clientErrorsAnswered,
  frameworkErrorsAnswered,
  refuseNulCharacters,
  useJsonBodyParser,
} from "@anbox-dashboard/http-kit";

/** Largest JSON body accepted; uploads (application and image packages) set their own limits. */
export const jsonBodyLimit = 1024 * 1024;

/** The control plane's REST API: `/1.0/...` with AMS envelopes for every answer, errors included. */
export async function buildAmsServer(
  context: ClusterContext,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: jsonBodyLimit,
    frameworkErrors: frameworkErrorsAnswered(amsRefusals),
    clientErrorHandler: clientErrorsAnswered(amsRefusals),
  });
  await app.register(fastifyWebsocket);
  useJsonBodyParser(app, amsRefusals);
  refuseNulCharacters(app, amsRefusals);

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorResponse(404, `Not found: ${request.method} ${request.url}`));
  });

  app.setErrorHandler((error, _request, reply) => {
    // The domain modules throw the neutral HttpError: here it becomes AMS's error envelope.
    if (error instanceof HttpError) {
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

  // Uploads a previous process was receiving when it stopped are gone with it.
  clearUploadTemporaryDirectory(context.options.dataDir);
  registerServiceRoutes(app, context);
  registerOperationRoutes(app, context);
  registerNodesRoutes(app, context);
  registerImagesRoutes(app, context);
  registerConfigRoutes(app, context);
  registerApplicationsRoutes(app, context);
  registerRegistryRoutes(app, context);
  registerInstancesRoutes(app, context);
  registerInstanceLogsRoutes(app, context);
  registerInstanceExecRoutes(app, context);
  registerInstanceDeviceRoutes(app, context);
  registerEventsRoutes(app, context);
  registerCertificatesRoutes(app, context);
  registerCapacityRoutes(app, context);
  return app;
}
