import type { FastifyInstance } from "fastify";
import {
  instanceDeleteBodySchema,
  instancePatchBodySchema,
  instancesPostSchema,
  type AmsInstance,
  type AmsOperation,
  type InstanceOperationResponse,
  type InstanceResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { callCluster } from "../../clusters/cluster-call.ts";
import { clusterIdOf } from "../../input/query-values.ts";
import { parseInput } from "../../input/parse-input.ts";
import { acts } from "../../auth/route-acts.ts";

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
  const instancePath = (id: string) => `/1.0/instances/${encodeURIComponent(id)}`;

  app.get<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_view") } },
    async (request): Promise<InstanceResponse> => {
      const cluster = clusterOf(request.query);
      const result = await callCluster(cluster, (signal) =>
        cluster.client.get<AmsInstance>(instancePath(request.params.id), signal),
      );
      return { metadata: { ...result.metadata, clusterId: cluster.id } };
    },
  );

  app.patch<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_edit") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instancePatchBodySchema, request.body, "instance update");
      const result = await callCluster(cluster, (signal) =>
        cluster.client.patch<AmsOperation>(instancePath(request.params.id), body, signal),
      );
      void reply.code(202);
      return { metadata: { ...result.metadata, clusterId: cluster.id } };
    },
  );

  app.delete<IdParams>(
    "/api/instances/:id",
    { config: { acts: acts.onResource("instance", "can_delete") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instanceDeleteBodySchema, request.body, "instance delete");
      const result = await callCluster(cluster, (signal) =>
        cluster.client.delete<AmsOperation>(
          instancePath(request.params.id),
          { force: body?.force ?? false },
          signal,
        ),
      );
      void reply.code(202);
      return { metadata: { ...result.metadata, clusterId: cluster.id } };
    },
  );

  app.post(
    "/api/instances",
    { config: { idempotent: true, acts: acts.onCluster("can_create_instances") } },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const body = parseInput(instancesPostSchema, request.body, "instance");
      const result = await callCluster(cluster, (signal) =>
        cluster.client.post<AmsOperation>("/1.0/instances", body, signal),
      );
      void reply.code(202);
      return { metadata: { ...result.metadata, clusterId: cluster.id } };
    },
  );
}
