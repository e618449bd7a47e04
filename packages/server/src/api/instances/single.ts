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
import { idParams } from "../../input/route-schemas.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { acts } from "../../auth/route-acts.ts";
import { ownerShown, recordOperationCreator } from "../../auth/owners.ts";
import {
  changeInstance,
  createInstance,
  deleteInstance,
  readInstance,
} from "../../ams/instances.ts";
import { createWithinQuota, startWithinQuota } from "../../quotas/instance-quotas.ts";
import { settleCharges } from "../../store/quota-charges.ts";

/**
 * One instance of one cluster (`?clusterId=`): read it (by id or name; 404 when absent, which the
 * form's name check relies on), start or stop it, delete it, or create one. Each write answers 202
 * with the cluster's operation, which the events then follow to its end. A create and a start
 * keep the quotas of the groups they count against (quotas/instance-quotas.ts).
 */
export function registerInstanceRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown) => requireCluster(context.clusters, clusterIdOf(query));

  app.get(
    "/api/instances/:id",
    {
      schema: { params: idParams },
      config: { acts: acts.onResource("instance", "can_view"), answersEntitlements: true },
    },
    async (request): Promise<InstanceResponse> => {
      const cluster = clusterOf(request.query);
      const instance = await readInstance(cluster, request.params.id);
      const owner = await ownerShown(context.db, `instance:${cluster.id}/${instance.id}`);
      return { metadata: { ...instance, clusterId: cluster.id, owner } };
    },
  );

  app.patch(
    "/api/instances/:id",
    {
      schema: { params: idParams, body: instancePatchBodySchema.describe("instance update") },
      config: { acts: acts.onResource("instance", "can_edit") },
    },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const { id } = request.params;
      const change = () => changeInstance(cluster, id, request.body);
      const operation =
        request.body.desired_status === "running"
          ? await startWithinQuota(context, request, cluster, id, change)
          : await change();
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.delete(
    "/api/instances/:id",
    {
      schema: { params: idParams, body: instanceDeleteBodySchema.describe("instance delete") },
      config: { acts: acts.onResource("instance", "can_delete") },
    },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const force = request.body?.force ?? false;
      const operation = await deleteInstance(cluster, request.params.id, force);
      await settleCharges(context.db, [`instance:${cluster.id}/${request.params.id}`]);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );

  app.post(
    "/api/instances",
    {
      schema: { body: instancesPostSchema.describe("instance") },
      config: { idempotent: true, acts: acts.onCluster("can_create_instances") },
    },
    async (request, reply): Promise<InstanceOperationResponse> => {
      const cluster = clusterOf(request.query);
      const operation = await createWithinQuota(
        context,
        request,
        cluster,
        request.body,
        async () => {
          const created = await createInstance(cluster, request.body);
          await recordOperationCreator(context.db, request, "instance", cluster.id, created);
          return created;
        },
      );
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );
}
