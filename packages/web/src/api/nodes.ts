import type {
  ClusterNode,
  ClusterOperation,
  NodeListOrderBy,
  NodePatch,
  NodesListResponse,
  NodesPost,
  NodeStatus,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";

export type { ClusterNode, NodeListOrderBy, NodePatch, NodesListResponse, NodesPost };

// The `/api/nodes` calls. The server answers them from the clusters; a cluster's refusal (a node
// with instances on it cannot be removed) arrives as an ApiError with the cluster's message.

/** What a page of the nodes list asks for (the query of `GET /api/nodes`). */
export interface NodesListRequest {
  page: number;
  size: number;
  order: "asc" | "desc";
  orderBy: NodeListOrderBy;
  /** A part of the name or address. */
  search?: string;
  status?: readonly NodeStatus[];
  unschedulable?: boolean;
  /** The clusters to list; all when absent. */
  clusterIds?: readonly string[];
}

const joined = (values: readonly string[] | undefined): string | undefined =>
  values && values.length > 0 ? values.join(",") : undefined;

/** `GET /api/nodes`: one page, sorted, filtered and paged in the clusters. */
export function fetchNodes(
  request: NodesListRequest,
  signal?: AbortSignal,
): Promise<NodesListResponse> {
  return apiFetch<NodesListResponse>("/api/nodes", {
    signal,
    params: {
      page: request.page,
      size: request.size,
      order: request.order,
      orderBy: request.orderBy,
      search: request.search,
      status: joined(request.status),
      unschedulable:
        request.unschedulable === undefined ? undefined : String(request.unschedulable),
      subclusters: joined(request.clusterIds),
    },
  });
}

const nodePath = (name: string) => `/api/nodes/${encodeURIComponent(name)}`;

/** `GET /api/nodes/{name}?clusterId=`. */
export async function fetchNode(
  clusterId: string,
  name: string,
  signal?: AbortSignal,
): Promise<ClusterNode> {
  const body = await apiFetch<{ metadata: ClusterNode }>(nodePath(name), {
    signal,
    params: { clusterId },
  });
  return body.metadata;
}

/** `PATCH /api/nodes/{name}?clusterId=`: the cluster's operation. */
export async function updateNode(
  clusterId: string,
  name: string,
  patch: NodePatch,
): Promise<ClusterOperation> {
  const body = await apiFetch<{ metadata: ClusterOperation }>(nodePath(name), {
    method: "PATCH",
    params: { clusterId },
    body: patch,
  });
  return body.metadata;
}

/** `POST /api/nodes?clusterId=`: the cluster's operation. */
export async function createNode(clusterId: string, node: NodesPost): Promise<ClusterOperation> {
  const body = await apiFetch<{ metadata: ClusterOperation }>("/api/nodes", {
    method: "POST",
    params: { clusterId },
    body: node,
  });
  return body.metadata;
}

/** `DELETE /api/nodes/{name}?clusterId=`: refused while instances are on the node. */
export async function deleteNode(clusterId: string, name: string): Promise<ClusterOperation> {
  const body = await apiFetch<{ metadata: ClusterOperation }>(nodePath(name), {
    method: "DELETE",
    params: { clusterId },
    body: {},
  });
  return body.metadata;
}
