import type {
  ClusterOperation,
  OperationsOrder,
  OperationsOrderBy,
  OperationsResponse,
  OperationStatus,
  OperationType,
  UnreachableCluster,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { joinedParam, pageParams } from "./api-url.ts";

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
  const body = await apiFetch<OperationsResponse>("/api/operations", {
    signal,
    params: {
      orderBy: query.orderBy,
      order: query.order,
      subclusters: query.clusterIds?.length ? query.clusterIds.join(",") : undefined,
    },
  });
  return body.metadata;
}

/** What a page of the operations list asks for (the query of `GET /api/operations` with a page). */
export interface OperationsPageRequest {
  page: number;
  size: number;
  orderBy: OperationsOrderBy;
  order: OperationsOrder;
  /** Any of these statuses. */
  status?: readonly OperationStatus[];
  /** Acting on any of these kinds of resource. */
  type?: readonly OperationType[];
  /** The clusters to list; all of them when absent. */
  clusterIds?: readonly string[];
}

/** One page of operations, their resources named where the server found them, and the total. */
export interface OperationsPage {
  metadata: ClusterOperation[];
  total_size: number;
  /** The clusters that did not answer, when others did. */
  unreachable?: UnreachableCluster[];
}

/** `GET /api/operations` with a page: filtered, sorted and paged on the server. */
export async function fetchOperationsPage(
  request: OperationsPageRequest,
  signal?: AbortSignal,
): Promise<OperationsPage> {
  const page = await apiFetch<OperationsResponse>("/api/operations", {
    signal,
    params: {
      ...pageParams(request),
      status: joinedParam(request.status),
      type: joinedParam(request.type),
      subclusters: joinedParam(request.clusterIds),
    },
  });
  return {
    metadata: page.metadata,
    total_size: page.total_size ?? page.metadata.length,
    ...(page.unreachable === undefined ? {} : { unreachable: page.unreachable }),
  };
}
