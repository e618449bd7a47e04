import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  fetchOperations,
  fetchOperationsPage,
  type OperationsOrder,
  type OperationsOrderBy,
  type OperationsPageRequest,
  type OperationsQuery,
} from "../api/operations.ts";
import { useEventClusters } from "../context/events/events-context.ts";
import { queryKeys } from "../context/query-keys.ts";
import { useSessionInfo } from "./session-info.ts";

/** The operations of some clusters (all when none named), sorted on the server. */
export function operationsListQuery(query: OperationsQuery) {
  return queryOptions({
    queryKey: queryKeys.operationsList(query),
    queryFn: ({ signal }) => fetchOperations(query, signal),
  });
}

/**
 * The operations of the followed clusters (all outside an events provider), sorted on the server.
 * Runs only for a signed-in user (the session info query, shared with the session check,
 * succeeded), and once the events provider knows its clusters. The events provider invalidates
 * these lists, at most every 2 s.
 */
export function useOperations(
  orderBy: OperationsOrderBy = "created_at",
  order: OperationsOrder = "desc",
) {
  const { clusterIds, ready } = useEventClusters();
  const info = useSessionInfo();
  return useQuery({
    ...operationsListQuery({ orderBy, order, clusterIds }),
    enabled: info.isSuccess && ready,
  });
}

/** A page of the operations list, as the server filtered, sorted and paged it. */
export function operationsPageQuery(request: OperationsPageRequest) {
  return queryOptions({
    queryKey: queryKeys.operationsPage(request),
    queryFn: ({ signal }) => fetchOperationsPage(request, signal),
  });
}

/**
 * A page of the operations of the followed clusters (all outside an events provider); the previous
 * page stays on screen while the next loads. Runs only for a signed-in user, like the others; the
 * events provider invalidates it with every operations list.
 */
export function useOperationsPage(request: Omit<OperationsPageRequest, "clusterIds">) {
  const { clusterIds, ready } = useEventClusters();
  const info = useSessionInfo();
  return useQuery({
    ...operationsPageQuery({ ...request, clusterIds }),
    enabled: info.isSuccess && ready,
    placeholderData: keepPreviousData,
  });
}
