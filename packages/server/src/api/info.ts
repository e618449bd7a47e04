import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceStatus, SessionInfo } from "@anbox-dashboard/contract";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "./api-error.ts";
import { findUserById } from "../store/users.ts";
import { AmsClientError } from "../clusters/ams-client.ts";

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** How long `/api/info` waits for a cluster before calling it unreachable. */
const clusterTimeoutMs = 5_000;

/**
 * `GET /api/info?clusterId=`: the session info of the signed-in user on one cluster (the first
 * when none is named). What the cluster offers comes from its own API, as the dashboard would ask
 * a real AMS: `GET /1.0` (reachable, version, extensions) and `GET /1.0/config` (registry).
 */
export function registerSessionInfoRoutes(
  app: FastifyInstance,
  context: AuthContext,
  guard: Guard,
  dashboardVersion: string,
): void {
  app.get("/api/info", { preHandler: guard }, async (request): Promise<SessionInfo> => {
    const signedIn = request.user;
    if (!signedIn) throw new ApiError(401, "You are not signed in.");
    const cluster = pickCluster(
      context.clusters,
      (request.query as Record<string, unknown>).clusterId,
    );
    const user = await findUserById(context.db, signedIn.id);
    const status = await clusterStatus(cluster);
    const config = await clusterConfig(cluster);
    const registryUrl = config?.["registry.url"];
    const registryMode = config?.["registry.mode"];
    return {
      user: { fullname: signedIn.fullname, email: signedIn.email },
      applications_enabled: true,
      // Sessions need the cluster's stream gateway (every embedded cluster has one).
      sessions_enabled: cluster.gateway !== undefined,
      registry_enabled: typeof registryUrl === "string" && registryUrl !== "",
      registry_automatic: registryMode === "pull" || registryMode === "push",
      config_enabled: config !== undefined,
      dashboard_version: dashboardVersion,
      ams_version: status.server_version,
      has_version_update_modal: (user?.has_version_update_modal ?? 1) === 1,
      ext4_root_volumes_support: status.api_extensions.some((name) => name.includes("ext4")),
    };
  });
}

function pickCluster(clusters: readonly ClusterHandle[], clusterId: unknown): ClusterHandle {
  if (clusterId === undefined || clusterId === "") {
    const first = clusters[0];
    if (!first) throw new ApiError(503, "The dashboard has no cluster configured.");
    return first;
  }
  const cluster =
    typeof clusterId === "string" ? clusters.find((c) => c.id === clusterId) : undefined;
  if (!cluster) {
    throw new ApiError(
      400,
      `Unknown cluster "${typeof clusterId === "string" ? clusterId : JSON.stringify(clusterId)}": known clusters are ${clusters.map((c) => c.id).join(", ") || "none"}.`,
    );
  }
  return cluster;
}

async function clusterStatus(cluster: ClusterHandle): Promise<ServiceStatus> {
  try {
    const result = await cluster.client.get<ServiceStatus>(
      "/1.0",
      AbortSignal.timeout(clusterTimeoutMs),
    );
    return result.metadata;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(503, `Cluster "${cluster.id}" does not answer: ${reason}`);
  }
}

/** The cluster's configuration, or undefined when it cannot be read (then config is off). */
async function clusterConfig(cluster: ClusterHandle): Promise<Record<string, unknown> | undefined> {
  try {
    const result = await cluster.client.get<{ config?: Record<string, unknown> }>(
      "/1.0/config",
      AbortSignal.timeout(clusterTimeoutMs),
    );
    return result.metadata.config ?? {};
  } catch (error) {
    if (error instanceof AmsClientError && error.statusCode === 503) {
      throw new ApiError(503, `Cluster "${cluster.id}" does not answer: ${error.message}`);
    }
    return undefined;
  }
}
