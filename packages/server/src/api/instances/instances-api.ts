import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../server-context.ts";
import { registerInstancesBulkRoutes } from "./bulk.ts";
import { registerInstanceCapacityRoute } from "./capacity.ts";
import { registerInstanceDeviceRoutes } from "./device.ts";
import { registerInstanceDeviceFilesRoute } from "./device-files.ts";
import { registerInstanceExecRoute } from "./exec.ts";
import { registerInstancesListRoute } from "./list.ts";
import { registerInstanceLogsRoutes } from "./logs.ts";
import { registerInstanceRoutes } from "./single.ts";

/**
 * Every `/api/instances...` call (SPEC section 7), answered from the clusters' AMS API. Each
 * checks its input with the contract's schemas, and passes a cluster's refusal on with the
 * cluster's status and message.
 */
export async function registerInstancesApi(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await app.register(async (scope) => {
    registerInstancesListRoute(scope, context);
    registerInstanceRoutes(scope, context);
    registerInstancesBulkRoutes(scope, context);
    registerInstanceLogsRoutes(scope, context);
    registerInstanceCapacityRoute(scope, context);
    registerInstanceDeviceRoutes(scope, context);
    await registerInstanceDeviceFilesRoute(scope, context);
    await registerInstanceExecRoute(scope, context);
  });
}
