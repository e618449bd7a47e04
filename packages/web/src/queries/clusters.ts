import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchClusters } from "../api/clusters.ts";
import { queryKeys } from "../context/query-keys.ts";

/** The clusters the dashboard manages (where instances can go, which events to follow). */
export function clustersQuery() {
  return queryOptions({
    queryKey: queryKeys.clusters(),
    queryFn: ({ signal }) => fetchClusters(signal),
    // Clusters are added and removed while the dashboard runs (bin/dashboard cluster add): a
    // page open for long learns of them, and follows their events, without a reload.
    refetchInterval: 60_000,
  });
}

export function useClusters() {
  return useQuery(clustersQuery());
}
