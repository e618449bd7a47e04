import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  registryTransferSchema,
  type RegistryApplicationsResponse,
  type RegistryOperationResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { clusterOrFirst, requireCluster } from "../clusters/choose-cluster.ts";
import { listApplicationSummaries } from "../ams/applications.ts";
import {
  deleteRegistryApplication,
  listRegistryApplications,
  transferRegistryApplication,
} from "../ams/registry.ts";
import {
  readClusterSettings,
  registrySettingsIn,
  type RegistrySettings,
} from "../clusters/cluster-settings.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { clusterIdOf } from "../input/query-values.ts";

import { acts } from "../auth/route-acts.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { bodyOrEmpty } from "../input/route-schemas.ts";

const registryIdParamsSchema = z.object({
  id: z.string().min(1, "id must name a registry application"),
});

/**
 * `GET /api/registry/applications?clusterId=`: the registry as one cluster (the first when none is
 * named) sees it, each application with the clusters of this dashboard that hold one of its name.
 * `POST /api/registry/applications/push|pull?clusterId=` (`{id}`) and
 * `DELETE /api/registry/applications/{id}?clusterId=`: 202 with the cluster's operation. These are
 * refused (400, saying why) when the cluster has no `registry.url`, or when its `registry.mode`
 * synchronises by itself: the dashboard then says the actions are disabled, and the server holds
 * to what it says.
 */
export function registerRegistryRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const viewRegistry = acts.onCluster("can_view_registry_applications");
  app.get(
    "/api/registry/applications",
    { config: { acts: viewRegistry } },
    async (request): Promise<RegistryApplicationsResponse> => {
      const cluster = clusterOrFirst(context.clusters, clusterIdOf(request.query));
      const { enabled, mode } = await registrySettingsOf(cluster);
      if (!enabled) return { metadata: [], clusterId: cluster.id, enabled, mode };
      const [registry, holdings] = await Promise.all([
        listRegistryApplications(cluster),
        Promise.all(context.clusters.map(applicationNamesOf)),
      ]);
      const metadata = registry.map((application) => ({
        ...application,
        heldBy: holdings
          .filter((holding) => holding.names?.has(application.name) === true)
          .map((holding) => holding.clusterId),
      }));
      return { metadata, clusterId: cluster.id, enabled, mode };
    },
  );

  const transfer = (direction: "push" | "pull") => {
    app.post(
      `/api/registry/applications/${direction}`,
      {
        schema: { body: bodyOrEmpty(registryTransferSchema, `registry ${direction}`) },
        config: {
          idempotent: true,
          acts: acts.onCluster(
            direction === "push"
              ? "can_push_registry_applications"
              : "can_pull_registry_applications",
          ),
        },
      },
      async (request, reply): Promise<RegistryOperationResponse> => {
        const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
        await requireManualRegistry(cluster);
        const operation = await transferRegistryApplication(cluster, direction, request.body);
        void reply.code(202);
        return { metadata: { ...operation, clusterId: cluster.id } };
      },
    );
  };
  transfer("push");
  transfer("pull");

  app.delete(
    "/api/registry/applications/:id",
    {
      schema: { params: registryIdParamsSchema.describe("registry application") },
      config: { acts: acts.onCluster("can_delete_registry_applications") },
    },
    async (request, reply): Promise<RegistryOperationResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      await requireManualRegistry(cluster);
      const operation = await deleteRegistryApplication(cluster, request.params.id);
      void reply.code(202);
      return { metadata: { ...operation, clusterId: cluster.id } };
    },
  );
}

/** `registry.url` and `registry.mode` of the cluster, as `/api/info` reads them. */
async function registrySettingsOf(cluster: ClusterHandle): Promise<RegistrySettings> {
  return registrySettingsIn(await readClusterSettings(cluster));
}

/** Push, pull and delete by hand need a registry, and one the cluster does not sync by itself. */
async function requireManualRegistry(cluster: ClusterHandle): Promise<void> {
  const { enabled, mode } = await registrySettingsOf(cluster);
  if (!enabled) {
    throw new HttpError(
      400,
      `The registry is not enabled on cluster ${cluster.id}: set registry.url to use it.`,
    );
  }
  if (mode !== "manual") {
    throw new HttpError(
      400,
      `The registry of cluster ${cluster.id} synchronises by itself (registry.mode=${mode}); ` +
        "set registry.mode to manual to push, pull or delete by hand.",
    );
  }
}

/**
 * The names of a cluster's applications; `names` undefined when the cluster cannot say (it is down
 * or failed): it is then left out of every `heldBy` rather than failing the whole list.
 */
async function applicationNamesOf(
  cluster: ClusterHandle,
): Promise<{ clusterId: string; names: Set<string> | undefined }> {
  try {
    const applications = await listApplicationSummaries(cluster);
    return { clusterId: cluster.id, names: new Set(applications.map((each) => each.name)) };
  } catch (error) {
    if (error instanceof HttpError) return { clusterId: cluster.id, names: undefined };
    throw error;
  }
}
