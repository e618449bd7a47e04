import {
  operationsResponseSchema,
  type ClusterOperation,
  type OperationsOrder,
  type OperationsOrderBy,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { ClusterOperation, OperationsOrder, OperationsOrderBy };

export interface OperationsQuery {
  orderBy?: OperationsOrderBy;
  order?: OperationsOrder;
  /** The clusters to list; all of them when absent. */
  clusterIds?: readonly string[];
}

/** `GET /api/operations`: the operations of the clusters, each with its clusterId, sorted. */
export async function fetchOperations(
  query: OperationsQuery = {},
  signal?: AbortSignal,
): Promise<ClusterOperation[]> {
  const body = await apiFetch<unknown>("/api/operations", {
    signal,
    params: {
      orderBy: query.orderBy,
      order: query.order,
      subclusters: query.clusterIds?.length ? query.clusterIds.join(",") : undefined,
    },
  });
  return operationsResponseSchema.parse(body).metadata;
}
