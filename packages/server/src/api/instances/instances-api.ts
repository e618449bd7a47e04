import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../../http/api-error.ts";
import { registerInstancesBulkRoutes } from "./bulk.ts";
import { registerInstanceCapacityRoute } from "./capacity.ts";
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
    // The session gate already refuses a request without a session; this holds should a route
    // ever be moved out of its reach.
    scope.addHook("onRequest", (request, _reply, done) => {
      done(request.user ? undefined : new ApiError(401, "You are not signed in."));
    });
    registerInstancesListRoute(scope, context);
    registerInstanceRoutes(scope, context);
    registerInstancesBulkRoutes(scope, context);
    registerInstanceLogsRoutes(scope, context);
    registerInstanceCapacityRoute(scope, context);
    await registerInstanceExecRoute(scope, context);
  });
}
