import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchClusters } from "../api/clusters.ts";
import { queryKeys } from "../context/query-keys.ts";

/** The clusters the dashboard manages (where instances can go, which events to follow). */
export function clustersQuery() {
  return queryOptions({
    queryKey: queryKeys.clusters(),
    queryFn: ({ signal }) => fetchClusters(signal),
    // Clusters are added and removed while the dashboard runs (bin/dashboard cluster add), and
    // go down and come back: a page open for long learns of it (the status bar says which does
    // not answer; their events are followed) without a reload. The server checks every 15 s.
    refetchInterval: 15_000,
  });
}

export function useClusters() {
  return useQuery(clustersQuery());
}

/**
 * Whether the rows of a list across clusters say which cluster each is on: when the dashboard
 * manages several clusters, even if a page holds one cluster's rows (its only instance may be on
 * the remote one), or when the rows span several (while the clusters load).
 */
export function useNamesClusters(rowClusterIds: readonly string[]): boolean {
  const managesSeveral = (useClusters().data?.length ?? 0) > 1;
  return managesSeveral || new Set(rowClusterIds).size > 1;
}

/** The cluster's last check, once the clusters are known and it was checked. */
export function useClusterHealth(clusterId: string) {
  const clusters = useClusters();
  return clusters.data?.find((cluster) => cluster.id === clusterId)?.health;
}
