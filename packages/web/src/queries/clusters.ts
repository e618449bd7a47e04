import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchClusters } from "../api/clusters.ts";
import { queryKeys } from "../context/query-keys.ts";

/** The clusters the dashboard manages (where instances can go, which events to follow). */
export function clustersQuery() {
  return queryOptions({
    queryKey: queryKeys.clusters(),
    queryFn: ({ signal }) => fetchClusters(signal),
  });
}

export function useClusters() {
  return useQuery(clustersQuery());
}
