import type {
  ClusterNode,
  ClusterOperation,
  NodeListOrderBy,
  NodePatch,
  NodesListResponse,
  NodesPost,
} from "@anbox-dashboard/contract";
import { apiFetch } from "./api-fetch.ts";
import { nodesListCall, type NodesListRequest } from "./nodes-list-call.ts";

export type { NodesListRequest };

export type { ClusterNode, NodeListOrderBy, NodePatch, NodesListResponse, NodesPost };

// The `/api/nodes` calls. The server answers them from the clusters; a cluster's refusal (a node
// with instances on it cannot be removed) arrives as an ApiError with the cluster's message.

/** `GET /api/nodes`: one page, sorted, filtered and paged in the clusters. */
export function fetchNodes(
  request: NodesListRequest,
  signal?: AbortSignal,
): Promise<NodesListResponse> {
  const { path, params } = nodesListCall(request);
  return apiFetch<NodesListResponse>(path, { signal, params });
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
export async function createNode(
  clusterId: string,
  node: NodesPost,
  idempotencyKey: string,
): Promise<ClusterOperation> {
  const body = await apiFetch<{ metadata: ClusterOperation }>("/api/nodes", {
    method: "POST",
    params: { clusterId },
    body: node,
    idempotencyKey,
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
