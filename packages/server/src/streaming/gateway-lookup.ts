import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { requireCluster } from "../clusters/choose-cluster.ts";
import { readShare, sharePath, type ClusterGateway } from "../ams/gateway.ts";
import type { GatewayShare } from "@anbox-dashboard/contract";

/** A cluster that has a stream gateway, with it. */
export interface GatewayCluster extends ClusterGateway {
  /** The cluster's position in the configuration: the relay paths name it. */
  index: number;
}

/** The cluster with its stream gateway; 409 when it has none. */
function gatewayOf(clusters: readonly ClusterHandle[], cluster: ClusterHandle): GatewayCluster {
  if (!cluster.gateway) {
    throw new HttpError(
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
 * The cluster whose gateway holds what `read` reads (a session or a share): the one `?clusterId=`
 * names, or else the first whose gateway knows it (a link such as `/sessions/{id}` does not say
 * which). 404 when none does.
 */
export async function findOnGateways<T>(
  clusters: readonly ClusterHandle[],
  clusterId: unknown,
  read: (at: GatewayCluster) => Promise<T>,
  notFound: string,
): Promise<FoundOnGateway<T>> {
  const candidates =
    clusterId === undefined || clusterId === ""
      ? gatewayClusters(clusters)
      : [gatewayOf(clusters, requireCluster(clusters, clusterId))];
  for (const at of candidates) {
    try {
      return { at, metadata: await read(at) };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) continue;
      throw error;
    }
  }
  throw new HttpError(404, notFound);
}

/**
 * The gateway that holds a share link, as `findOnGateways` finds it; a token that cannot be one is
 * refused (404, saying so) before any gateway is asked.
 */
export function findShareOnGateways(
  clusters: readonly ClusterHandle[],
  clusterId: unknown,
  token: string,
  notFound: string,
): Promise<FoundOnGateway<GatewayShare>> {
  sharePath(token);
  return findOnGateways(clusters, clusterId, (at) => readShare(at, token), notFound);
}
