import type { QueryClient } from "@tanstack/react-query";
import type { AmsOperation, ClusterOperation } from "@anbox-dashboard/contract";
import type { OperationsQuery } from "../../api/operations.ts";
import { queryKeys } from "../query-keys.ts";

/** Whether a cached operations list (`queryKeys.operationsList`) follows this cluster. */
function listFollows(queryKey: readonly unknown[], clusterId: string): boolean {
  const query = queryKey[2] as OperationsQuery | undefined;
  const clusterIds = query?.clusterIds;
  return clusterIds === undefined || clusterIds.length === 0 || clusterIds.includes(clusterId);
}

/**
 * Writes what an operation event says into the cached operations lists at once: its status, or
 * the operation itself when the list did not hold it yet. The throttled refetch (at most every
 * 2 s) would otherwise be the first to tell the status bar, and an operation shorter than that
 * would never be counted. The refetch still follows and puts the list in its server order.
 */
export function recordOperation(
  queryClient: QueryClient,
  clusterId: string,
  operation: AmsOperation,
): void {
  const received: ClusterOperation = { ...operation, clusterId };
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.operationsLists() })
    .filter((query) => listFollows(query.queryKey, clusterId));
  for (const list of lists) {
    queryClient.setQueryData<ClusterOperation[]>(list.queryKey, (cached) => {
      if (cached === undefined) return cached;
      const at = cached.findIndex(
        (item) => item.id === operation.id && item.clusterId === clusterId,
      );
      if (at === -1) return [received, ...cached];
      // An event older than what the list holds (a late frame) must not undo a newer status.
      const held = cached[at];
      if (held !== undefined && held.updated_at > operation.updated_at) return cached;
      return cached.map((item, index) => (index === at ? { ...item, ...received } : item));
    });
  }
}
