import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { GatewayClient } from "../clusters/gateway-client.ts";
import { ApiError } from "../http/api-error.ts";
import { requireCluster } from "../clusters/choose-cluster.ts";
import { callCluster } from "../clusters/cluster-call.ts";

/** A cluster that has a stream gateway, with it. */
export interface GatewayCluster {
  cluster: ClusterHandle;
  gateway: GatewayClient;
  /** The cluster's position in the configuration: the relay paths name it. */
  index: number;
}

/** The cluster with its stream gateway; 409 when it has none. */
function gatewayOf(clusters: readonly ClusterHandle[], cluster: ClusterHandle): GatewayCluster {
  if (!cluster.gateway) {
    throw new ApiError(
      409,
      `Cluster "${cluster.id}" has no stream gateway: its instances cannot be streamed.`,
    );
  }
  return { cluster, gateway: cluster.gateway, index: clusters.indexOf(cluster) };
}

/** Every configured cluster that has a stream gateway. */
export function gatewayClusters(clusters: readonly ClusterHandle[]): GatewayCluster[] {
  return clusters
    .filter((cluster) => cluster.gateway)
    .map((cluster) => gatewayOf(clusters, cluster));
}

/** What a gateway answered for a path, and which gateway. */
export interface FoundOnGateway<T> {
  at: GatewayCluster;
  metadata: T;
}

/**
 * The cluster whose gateway holds `path` (a session or a share): the one `?clusterId=` names, or
 * else the first whose gateway knows it (a link such as `/sessions/{id}` does not say which).
 * 404 when none does.
 */
export async function findOnGateways<T>(
  clusters: readonly ClusterHandle[],
  clusterId: unknown,
  path: string,
  notFound: string,
): Promise<FoundOnGateway<T>> {
  const candidates =
    clusterId === undefined || clusterId === ""
      ? gatewayClusters(clusters)
      : [gatewayOf(clusters, requireCluster(clusters, clusterId))];
  for (const at of candidates) {
    try {
      const result = await callCluster(at.cluster, (signal) => at.gateway.get<T>(path, signal));
      return { at, metadata: result.metadata };
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) continue;
      throw error;
    }
  }
  throw new ApiError(404, notFound);
}
