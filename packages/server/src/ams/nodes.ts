import { z } from "zod";
import {
  amsNodeSchema,
  type AmsNode,
  type AmsOperation,
  type NodeDelete,
  type NodePatch,
  type NodesPost,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { callAndRead, callForOperation, type CheckedAnswer } from "./ams-answer.ts";

// A cluster's nodes, as its AMS API serves them (`/1.0/nodes`): each path is written here once,
// and every answer is read with the contract's schema of it.

const nodesPath = "/1.0/nodes";

function nodePath(name: string): string {
  return `${nodesPath}/${encodeURIComponent(name)}`;
}

/** `GET /1.0/nodes?recursion=1&...`: one page of the cluster's nodes and how many match. */
export function listNodes(
  cluster: ClusterHandle,
  query: URLSearchParams,
): Promise<CheckedAnswer<AmsNode[]>> {
  return callAndRead(cluster, "a list of nodes", z.array(amsNodeSchema), (signal) =>
    cluster.client.get(`${nodesPath}?${query.toString()}`, signal),
  );
}

/** `GET /1.0/nodes/{name}`. */
export async function getNode(cluster: ClusterHandle, name: string): Promise<AmsNode> {
  const answer = await callAndRead(cluster, "a node", amsNodeSchema, (signal) =>
    cluster.client.get(nodePath(name), signal),
  );
  return answer.metadata;
}

/** `POST /1.0/nodes`: the operation that adds the node. */
export function addNode(cluster: ClusterHandle, node: NodesPost): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) => cluster.client.post(nodesPath, node, signal));
}

/** `PATCH /1.0/nodes/{name}`: the operation that changes it. */
export function changeNode(
  cluster: ClusterHandle,
  name: string,
  change: NodePatch,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.patch(nodePath(name), change, signal),
  );
}

/** `DELETE /1.0/nodes/{name}`: the operation that removes it. */
export function removeNode(
  cluster: ClusterHandle,
  name: string,
  removal: NodeDelete,
): Promise<AmsOperation> {
  return callForOperation(cluster, (signal) =>
    cluster.client.delete(nodePath(name), removal, signal),
  );
}
