import type { QueryClient } from "@tanstack/react-query";
import { isFinalOperationStatusCode, type ClusterOperation } from "@anbox-dashboard/contract";
import { queryKeys } from "../query-keys.ts";

/**
 * The operation as the cached operations lists hold it, once it has ended. The status bar's list
 * follows every operation (its events write the status and error into the cache at once,
 * `events/record-operation.ts`, and a reconnect reads the list again), so that cache is read
 * rather than the cluster asked again.
 */
export function endedOperation(
  client: QueryClient,
  started: { clusterId: string; id: string },
): ClusterOperation | undefined {
  for (const [, operations] of client.getQueriesData<ClusterOperation[]>({
    queryKey: queryKeys.operationsLists(),
  })) {
    const found = operations?.find(
      (operation) => operation.id === started.id && operation.clusterId === started.clusterId,
    );
    if (found !== undefined && isFinalOperationStatusCode(found.status_code)) return found;
  }
  return undefined;
}
