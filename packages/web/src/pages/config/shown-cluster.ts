import type { Cluster } from "../../api/clusters.ts";

/** Which cluster the page shows, decided from the address and the clusters the dashboard manages. */
type ShownCluster =
  /** The clusters are not known yet. */
  | { kind: "loading" }
  /** The dashboard manages no cluster. */
  | { kind: "none" }
  /** The address names a cluster the dashboard does not manage. */
  | { kind: "unknown" }
  | { kind: "cluster"; clusterId: string };

/** `/config` shows the first cluster; `/config/{clusterId}` that one, if it is managed. */
export function shownClusterOf(
  named: string | undefined,
  clusters: readonly Cluster[] | undefined,
): ShownCluster {
  if (clusters === undefined) return { kind: "loading" };
  if (named === undefined) {
    const first = clusters[0];
    return first === undefined ? { kind: "none" } : { kind: "cluster", clusterId: first.id };
  }
  return clusters.some((cluster) => cluster.id === named)
    ? { kind: "cluster", clusterId: named }
    : { kind: "unknown" };
}
