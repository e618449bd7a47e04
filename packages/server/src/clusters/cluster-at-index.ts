import type { FastifyRequest } from "fastify";
import { HttpError, textOf } from "@anbox-dashboard/http-kit";

/**
 * The cluster a relayed socket's path names by its position in `GET /api/clusters`
 * (`/ams/{clusterIndex}/...`, `/gateway/{clusterIndex}/...`): the index as written, and the
 * cluster there, if any.
 */
export function clusterAtIndex<Cluster>(
  request: FastifyRequest,
  clusters: readonly Cluster[],
): { index: string; cluster: Cluster | undefined } {
  const index = textOf(request.params, "clusterIndex") ?? "";
  return { index, cluster: /^\d{1,4}$/.test(index) ? clusters[Number(index)] : undefined };
}

/** The cluster a socket's path names by its position; 404 saying where the positions are. */
export function requireClusterAtIndex<Cluster>(
  request: FastifyRequest,
  clusters: readonly Cluster[],
): Cluster {
  const { index, cluster } = clusterAtIndex(request, clusters);
  if (cluster === undefined) {
    throw new HttpError(404, `No cluster at index ${index}: see GET /api/clusters.`);
  }
  return cluster;
}
