import type { FastifyRequest } from "fastify";
import { textOf } from "@anbox-dashboard/http-kit";

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
