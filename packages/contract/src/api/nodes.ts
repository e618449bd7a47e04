// The dashboard's `/api/nodes` calls: every node of every cluster, each with its `clusterId`,
// paged, filtered and sorted by the clusters (`GET /1.0/nodes` takes the same parameters).
import { z } from "zod";
import type { UnreachableCluster } from "./cluster.ts";
import { nodeNamePattern, type AmsNode } from "../ams/node.ts";
import {
  nodeListOrderBy,
  nodeSearchMaxLength,
  nodeStatuses,
  type NodeListOrderBy,
} from "../constants/node-constants.ts";

export { nodeListOrderBy, nodeSearchMaxLength, nodeStatuses, type NodeListOrderBy };
import { commaListOf, pagedListFields, searchField, subclustersField } from "./list-query.ts";

/** The filters both the dashboard and the cluster take, with messages that name the field. */
export const nodeListFilterFields = {
  /** A part of the name or of the address. */
  search: searchField(nodeSearchMaxLength, "a part of a name or address"),
  status: commaListOf("status", nodeStatuses).optional(),
  unschedulable: z
    .enum(["true", "false"], { message: "unschedulable must be true or false" })
    .transform((value) => value === "true")
    .optional(),
};

/** Query of `GET /api/nodes`; `subclusters` names the clusters to list (all when absent). */
export const nodesListQuerySchema = z.object({
  ...pagedListFields(nodeListOrderBy, "name"),
  ...nodeListFilterFields,
  subclusters: subclustersField,
});
export type NodesListQuery = z.input<typeof nodesListQuerySchema>;
export type NodesListParsed = z.output<typeof nodesListQuerySchema>;

/** A node of `GET /api/nodes`: the cluster's AMS node plus the cluster it belongs to. */
export type ClusterNode = AmsNode & { clusterId: string };

/** `GET /api/nodes`: one page and how many match. */
export interface NodesListResponse {
  metadata: ClusterNode[];
  total_size: number;
  /** The clusters that did not answer, when others did: their items are missing. */
  unreachable?: UnreachableCluster[];
}

/** How full a node is on one resource: allocated over capacity (rates applied); 0 when it has none. */
function fullness(allocated: number, capacity: number): number {
  return capacity > 0 ? allocated / capacity : 0;
}

/** What the list sorts a node by: the same value the cluster sorts by in SQL. */
export function nodeSortKey(node: AmsNode, orderBy: NodeListOrderBy): string | number {
  const allocated = node.allocated;
  switch (orderBy) {
    case "name":
    case "status":
    case "architecture":
      return node[orderBy];
    case "instances":
      return allocated?.instances ?? 0;
    case "cpu":
      return fullness(allocated?.cpus ?? 0, node.cpus * node.cpu_allocation_rate);
    case "memory":
      return fullness(
        allocated?.memory_bytes ?? 0,
        (node.memory_bytes ?? 0) * node.memory_allocation_rate,
      );
    case "disk":
      return fullness(allocated?.disk_size_bytes ?? 0, node.disk_size_bytes ?? 0);
  }
}

/** `GET/PATCH/DELETE /api/nodes/{name}?clusterId=`: the node's name in the path. */
export const nodeNameParamsSchema = z.object({
  name: z.string().regex(nodeNamePattern, "name is not a node name (letters, digits and hyphens)"),
});

/** `?clusterId=` of the single-node calls. */
export const nodeClusterQuerySchema = z.object({
  clusterId: z.string({ message: "clusterId is required" }).min(1, "clusterId is required"),
});
