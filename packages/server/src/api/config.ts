import type { FastifyInstance } from "fastify";
import {
  configPatchSchema,
  describeConfigKey,
  isFinalOperationStatusCode,
  resolveConfigKey,
  type AmsOperation,
  type ConfigPatch,
  type ConfigPatchResponse,
  type ConfigResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { clusterOrFirst } from "../clusters/choose-cluster.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { clusterIdOf } from "../input/query-values.ts";

import { changeConfig, readConfig } from "../ams/config.ts";
import { waitForOperation } from "../ams/operations.ts";
import { acts } from "../auth/route-acts.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";

/**
 * How long a change waits for the cluster's operation. Writing one key is quick; a cluster that
 * takes longer is answered 503 rather than holding the form.
 */
const configChangeWaitSeconds = 30;

/**
 * `GET /api/config?clusterId=`: every key the cluster's `GET /1.0/config` reports (the first
 * cluster when none is named), each described from the contract's catalogue, by name.
 * `PATCH /api/config?clusterId=` (`{name, value}`): one key, as the cluster takes it; the answer
 * waits for the cluster's operation and is the key as it now is. The cluster decides what it
 * accepts (a real AMS has keys the catalogue does not know): its refusal, which names the key, is
 * passed on as a 400, and so is an operation that failed.
 */
export function registerConfigRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const clusterOf = (query: unknown) => clusterOrFirst(context.clusters, clusterIdOf(query));

  app.get(
    "/api/config",
    { config: { acts: acts.onCluster("can_view_config") } },
    async (request): Promise<ConfigResponse> => {
      const cluster = clusterOf(request.query);
      const config = await readConfig(cluster);
      const keys = Object.entries(config)
        .map(([name, value]) => describeConfigKey(name, value))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { metadata: { clusterId: cluster.id, keys } };
    },
  );

  app.patch(
    "/api/config",
    {
      schema: { body: configPatchSchema.describe("configuration change") },
      config: { acts: acts.onCluster("can_edit_config") },
    },
    async (request): Promise<ConfigPatchResponse> => {
      const cluster = clusterOf(request.query);
      const change = request.body;
      const started = await changeConfig(cluster, change);
      await waitForChange(cluster, change, started);
      // A deprecated name (`container.features`) sets, and is reported as, its current one.
      const name = resolveConfigKey(change.name) ?? change.name;
      const config = await readConfig(cluster);
      const current = Object.hasOwn(config, name) ? config[name] : undefined;
      return { metadata: describeConfigKey(name, current ?? change.value) };
    },
  );
}

/** Waits (bounded) for the change's operation; a failure is a 400 with the operation's error. */
async function waitForChange(
  cluster: ClusterHandle,
  change: ConfigPatch,
  operation: AmsOperation,
): Promise<void> {
  const ended = await waitForOperation(cluster, operation.id, configChangeWaitSeconds);
  if (!isFinalOperationStatusCode(ended.status_code)) {
    throw new HttpError(
      503,
      `Cluster "${cluster.id}" did not finish setting '${change.name}' within ${String(configChangeWaitSeconds)} s.`,
    );
  }
  if (ended.status !== "Success") {
    const reason = ended.err || `the operation ended ${ended.status}`;
    throw new HttpError(400, `Could not set configuration key '${change.name}': ${reason}`);
  }
}
