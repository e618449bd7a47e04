import { useQuery } from "@tanstack/react-query";
import type {
  ClusterOperation,
  OperationsOrder,
  OperationsOrderBy,
} from "@anbox-dashboard/contract";
import { fetchOperations } from "../../api/operations.ts";
import { fetchSessionInfo } from "../../api/session-info.ts";
import { queryKeys } from "../query-keys.ts";
import { useEventClusterIds } from "./events-context.ts";

/**
 * The operations of the followed clusters (all outside an events provider), sorted on the server.
 * Runs only for a signed-in user (the session info query, shared with the session check,
 * succeeded). The events provider invalidates these lists, at most every 2 s.
 */
export function useOperations(
  orderBy: OperationsOrderBy = "created_at",
  order: OperationsOrder = "desc",
) {
  const clusterIds = useEventClusterIds();
  const info = useQuery({
    queryKey: queryKeys.info(),
    queryFn: ({ signal }) => fetchSessionInfo(signal),
  });
  return useQuery({
    queryKey: queryKeys.operationsList({ orderBy, order, clusters: clusterIds?.join(",") ?? "" }),
    queryFn: ({ signal }) => fetchOperations({ orderBy, order, clusterIds }, signal),
    enabled: info.isSuccess,
  });
}

export function countRunning(operations: readonly ClusterOperation[] | undefined): number {
  return operations?.filter((operation) => operation.status === "Running").length ?? 0;
}

/** How many operations are running across the clusters (the status bar's count). */
export function useRunningOperationsCount(): number {
  return countRunning(useOperations().data);
}
