import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../server-context.ts";
import { registerApplicationsBulkDeleteRoute } from "./bulk-delete.ts";
import { registerApplicationCreateRoute } from "./create.ts";
import { registerApplicationNewVersionRoute } from "./new-version.ts";
import { registerApplicationsListRoute } from "./list.ts";
import { registerApplicationRoutes } from "./single.ts";

/**
 * Every `/api/applications...` call of SPEC section 7, answered from the clusters' AMS API (the
 * two uploads, create and new version, stream the APK through: send-package.ts). Each checks its input with the contract's schemas, and passes a cluster's refusal on
 * with the cluster's status and message. The instances made from an application are
 * `GET /api/instances?app_name=<name>&subclusters=<clusterId>` (no route of its own).
 */
export async function registerApplicationsApi(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await app.register(async (scope) => {
    registerApplicationsListRoute(scope, context);
    registerApplicationRoutes(scope, context);
    registerApplicationsBulkDeleteRoute(scope, context);
    await registerApplicationCreateRoute(scope, context);
    await registerApplicationNewVersionRoute(scope, context);
  });
}
