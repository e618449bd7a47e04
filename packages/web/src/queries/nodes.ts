import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  createNode,
  deleteNode,
  fetchNode,
  fetchNodes,
  updateNode,
  type NodePatch,
  type NodesListRequest,
  type NodesPost,
} from "../api/nodes.ts";
import { queryKeys } from "../context/query-keys.ts";
import { useOperationMutation } from "./operation-mutation.ts";
import { pagedList } from "./paged-list.ts";

/** A page of nodes as the list asks for it (the clusters are all of them). */
export type NodesPageRequest = Omit<NodesListRequest, "clusterIds">;

/**
 * The nodes list's pages (`pagedList`). Like the instances list it names no clusters, so its key
 * is known at once and the first request starts with the page, not again once the cluster list
 * has arrived.
 */
const nodesPages = pagedList<NodesPageRequest, Awaited<ReturnType<typeof fetchNodes>>>({
  key: queryKeys.nodesPage,
  fetch: fetchNodes,
});
export const useNodesPage = nodesPages.usePage;
export const prefetchNodesPage = nodesPages.prefetch;

/** One node, by its cluster and name. */
function nodeQuery(clusterId: string, name: string) {
  return queryOptions({
    queryKey: queryKeys.node(clusterId, name),
    queryFn: ({ signal }) => fetchNode(clusterId, name, signal),
  });
}

export function useNode(clusterId: string, name: string) {
  return useQuery(nodeQuery(clusterId, name));
}

interface NodeRef {
  clusterId: string;
  name: string;
}

/** Changes a node (allocation rates, slots, tags, schedulability). */
export function useUpdateNode() {
  return useOperationMutation({
    run: ({ node, patch }: { node: NodeRef; patch: NodePatch }) =>
      updateNode(node.clusterId, node.name, patch),
    words: ({ node }) => ({
      doing: `Updating node ${node.name}`,
      done: `Updated node ${node.name}`,
      failed: `Update failed: node ${node.name}`,
    }),
    refused: ({ node }) => `Update failed: node ${node.name}`,
    invalidates: [queryKeys.nodes()],
  });
}

interface NodeCreation {
  clusterId: string;
  node: NodesPost;
  /** The form submission's key (`useFormSubmission`). */
  idempotencyKey: string;
}

/** Adds a node to a cluster. */
export function useCreateNode() {
  return useOperationMutation({
    run: ({ clusterId, node, idempotencyKey }: NodeCreation) =>
      createNode(clusterId, node, idempotencyKey),
    words: ({ node }) => ({
      doing: `Adding node ${node.name}`,
      done: `Added node ${node.name}`,
      failed: `Adding node ${node.name} failed`,
    }),
    refused: ({ node }) => `Cannot add node ${node.name}`,
    invalidates: [queryKeys.nodes()],
  });
}

/** Removes a node; the cluster refuses while instances are on it, and says so. */
export function useDeleteNode() {
  return useOperationMutation({
    run: (node: NodeRef) => deleteNode(node.clusterId, node.name),
    words: (node) => ({
      doing: `Removing node ${node.name}`,
      done: `Removed node ${node.name}`,
      failed: `Removing node ${node.name} failed`,
    }),
    refused: (node) => `Cannot remove node ${node.name}`,
    invalidates: [queryKeys.nodes()],
  });
}
