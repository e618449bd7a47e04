import type { FastifyInstance } from "fastify";
import {
  instanceDeleteBodySchema,
  instancePatchBodySchema,
  instancesPostSchema,
  type InstanceOperationResponse,
  type InstanceResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";
import { acts } from "../../auth/route-acts.ts";
import {
  changeInstance,
  createInstance,
  deleteInstance,
  readInstance,
} from "../../ams/instances.ts";

interface IdParams {
  Params: { id: string };
}

/**
 * One instance of one cluster (`?clusterId=`): read it (by id or name; 404 when absent, which the
 * form's name check relies on), start or stop it, delete it, or create one. Each write answers 202
 * with the cluster's operation, which the events then follow to its end.
 */
export function registerInstanceRoutes(app: FastifyInstance, context: ServerContext): void {
  const clusterOf = (query: unknown) => requireCluster(context.clusters, clusterIdOf(query));

  app.get<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_view") } },
    async (request): Promise<InstanceResponse> => {
      const cluster = clusterOf(request.query);
      const instance = await readInstance(cluster, request.params.id);
      return { metadata: { ...instance, clusterId: cluster.id } };
    },
  );

  app.patch<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_edit") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instancePatchBodySchema, request.body, "instance update");
      const operation = await changeInstance(cluster, request.params.id, body);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.delete<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_delete") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instanceDeleteBodySchema, request.body, "instance delete");
      const operation = await deleteInstance(cluster, request.params.id, body?.force ?? false);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.post(
    "/api/instances",
    { config: { idempotent: true, acts: acts.onCluster("can_create_instances") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instancesPostSchema, request.body, "instance");
      const operation = await createInstance(cluster, body);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );
}
