import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  type QueryClient,
} from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
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
import { registerOperationFailureHandler } from "../context/events/operation-failure-handlers.ts";
import { mutationToasts, untilEnded } from "../context/mutation-meta.ts";
import { queryKeys } from "../context/query-keys.ts";
import { showToast } from "../context/query-client.ts";

/** A page of the nodes list, as the clusters filtered, sorted and paged it. */
export function nodesPageQuery(request: NodesListRequest) {
  return queryOptions({
    queryKey: queryKeys.nodesPage(request),
    queryFn: ({ signal }) => fetchNodes(request, signal),
  });
}

/**
 * Asks for a page before the list renders it (the app's first address), so that the list's query
 * finds it in the cache or in flight. A failure shows when the list's own query reports it.
 */
export function prefetchNodesPage(
  queryClient: QueryClient,
  request: Omit<NodesListRequest, "clusterIds">,
): Promise<void> {
  return queryClient.query(nodesPageQuery(request)).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A page of the nodes of every cluster; the previous page stays on screen while the next loads.
 * Like the instances list it names no clusters, so its key is known at once and the first request
 * starts with the page, not again once the cluster list has arrived.
 */
/** A page of nodes as the list asks for it (the clusters are all of them). */
export type NodesPageRequest = Omit<NodesListRequest, "clusterIds">;

export function useNodesPage(request: NodesPageRequest) {
  return useQuery({ ...nodesPageQuery(request), placeholderData: keepPreviousData });
}

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

/** Shows the operation's error in a toast if it fails after the call was accepted. */
function toastIfItFails(
  operation: ClusterOperation,
  title: string,
  client: Parameters<typeof showToast>[0],
) {
  registerOperationFailureHandler(operation.id, (err) => {
    showToast(client, {
      kind: "failure",
      title,
      error: err === "" ? "The cluster gave no reason." : err,
    });
  });
}

/** Changes a node (allocation rates, slots, tags, schedulability). */
export function useUpdateNode() {
  return useMutation({
    mutationFn: ({ node, patch }: { node: NodeRef; patch: NodePatch }) =>
      updateNode(node.clusterId, node.name, patch),
    meta: {
      toasts: mutationToasts<ClusterOperation, { node: NodeRef; patch: NodePatch }>({
        success: (operation, { node }) => ({
          kind: "info",
          title: `Updating node ${node.name}`,
          operation: untilEnded(operation, `Updated node ${node.name}`),
        }),
        failure: ({ node }) => `Update failed: node ${node.name}`,
      }),
      invalidates: [queryKeys.nodes()],
    },
    onSuccess: (operation, { node }, _result, { client }) => {
      toastIfItFails(operation, `Update failed: node ${node.name}`, client);
    },
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
  return useMutation({
    mutationFn: ({ clusterId, node, idempotencyKey }: NodeCreation) =>
      createNode(clusterId, node, idempotencyKey),
    meta: {
      toasts: mutationToasts<ClusterOperation, NodeCreation>({
        success: (operation, { node }) => ({
          kind: "info",
          title: `Adding node ${node.name}`,
          operation: untilEnded(operation, `Added node ${node.name}`),
        }),
        failure: ({ node }) => `Cannot add node ${node.name}`,
      }),
      invalidates: [queryKeys.nodes()],
    },
    onSuccess: (operation, { node }, _result, { client }) => {
      toastIfItFails(operation, `Adding node ${node.name} failed`, client);
    },
  });
}

/** Removes a node; the cluster refuses while instances are on it, and says so. */
export function useDeleteNode() {
  return useMutation({
    mutationFn: (node: NodeRef) => deleteNode(node.clusterId, node.name),
    meta: {
      toasts: mutationToasts<ClusterOperation, NodeRef>({
        success: (operation, node) => ({
          kind: "info",
          title: `Removing node ${node.name}`,
          operation: untilEnded(operation, `Removed node ${node.name}`),
        }),
        failure: (node) => `Cannot remove node ${node.name}`,
      }),
      invalidates: [queryKeys.nodes()],
    },
    onSuccess: (operation, node, _result, { client }) => {
      toastIfItFails(operation, `Removing node ${node.name} failed`, client);
    },
  });
}
