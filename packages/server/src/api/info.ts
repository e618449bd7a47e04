import type { FastifyInstance } from "fastify";
import type { SessionInfo } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { findUserById } from "../store/users.ts";
import { clusterOrFirst } from "../clusters/choose-cluster.ts";
import { readClusterSettings, registrySettingsIn } from "../clusters/cluster-settings.ts";
import { readServiceStatus } from "../ams/service.ts";
import { acts } from "../auth/route-acts.ts";
import { accessOf } from "../auth/access.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { clusterIdOf } from "../input/query-values.ts";

/**
 * `GET /api/info?clusterId=`: the session info of the signed-in user on one cluster (the first
 * the user may see when none is named). What the cluster offers comes from its own API, as the
 * dashboard would ask a real AMS: `GET /1.0` (reachable, version, extensions) and
 * `GET /1.0/config` (registry).
 */
export function registerSessionInfoRoutes(
  app: FastifyInstance,
  context: ServerContext,
  dashboardVersion: string,
): void {
  app.get(
    "/api/info",
    { config: { acts: acts.ownAccount } },
    async (request): Promise<SessionInfo> => {
      const signedIn = signedInUser(request);
      const user = await findUserById(context.db, signedIn.id);
      const visible = accessOf(request).visibleClusters(context.clusters);
      const clusterId = clusterIdOf(request.query);
      if (visible.length === 0 && (clusterId === undefined || clusterId === "")) {
        // Someone who may see no cluster yet (in no group): the dashboard still opens for them,
        // saying so, with nothing of any cluster's.
        return {
          user: { fullname: signedIn.fullname, email: signedIn.email },
          applications_enabled: true,
          sessions_enabled: false,
          registry_enabled: false,
          registry_automatic: false,
          config_enabled: false,
          dashboard_version: dashboardVersion,
          ams_version: "",
          has_version_update_modal: (user?.has_version_update_modal ?? 1) === 1,
          ext4_root_volumes_support: false,
        };
      }
      const cluster = clusterOrFirst(visible, clusterId);
      const status = await readServiceStatus(cluster);
      const config = await clusterConfig(cluster);
      const registry = registrySettingsIn(config ?? {});
      return {
        user: { fullname: signedIn.fullname, email: signedIn.email },
        applications_enabled: true,
        // Sessions need the cluster's stream gateway (every embedded cluster has one).
        sessions_enabled: cluster.gateway !== undefined,
        registry_enabled: registry.enabled,
        registry_automatic: registry.mode !== "manual",
        config_enabled: config !== undefined,
        dashboard_version: dashboardVersion,
        ams_version: status.server_version,
        has_version_update_modal: (user?.has_version_update_modal ?? 1) === 1,
        ext4_root_volumes_support: status.api_extensions.some((name) => name.includes("ext4")),
      };
    },
  );
}

/**
 * The cluster's configuration, or undefined when it refuses to show it (then config is off); a
 * cluster that cannot be reached or does not answer in time (503) fails the whole call.
 */
async function clusterConfig(cluster: ClusterHandle): Promise<Record<string, unknown> | undefined> {
  try {
    return await readClusterSettings(cluster);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode !== 503) return undefined;
    throw error;
  }
}
