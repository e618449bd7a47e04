import type { FastifyInstance } from "fastify";
import type { Cluster } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { ClusterHealthWatch } from "../clusters/cluster-health.ts";
import { acts } from "../auth/route-acts.ts";
import { accessOf } from "../auth/access.ts";

/**
 * `GET /api/clusters`: the clusters this dashboard manages now, in configuration order, each with
 * how it answered its last check (cluster-health.ts): whether it is reachable, its version and
 * API extensions (what a page may offer on it). Only those the user may see anything in.
 */
export function registerClusterRoutes(
  app: FastifyInstance,
  clusters: () => readonly ClusterHandle[],
): void {
  const health = new ClusterHealthWatch(clusters);
  app.addHook("onClose", () => {
    health.stop();
  });
  const eachCluster = acts.onEachItem("cluster", "can_view");
  app.get(
    "/api/clusters",
    { config: { acts: eachCluster, answersEntitlements: true } },
    (request): Cluster[] =>
      accessOf(request)
        .visibleClusters(clusters())
        .map((cluster) => {
          const known = health.of(cluster);
          return known === undefined ? { id: cluster.id } : { id: cluster.id, health: known };
        }),
  );
}
