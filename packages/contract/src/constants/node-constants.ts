// The nodes' statuses and sort keys as plain values, in a module of their own without schemas: the
// browser's first script (web early-requests.ts) reads them without loading zod.

/** Node statuses and their codes (AMS-SDK `NodeStatus`). */
export const nodeStatusCodes = {
  error: -1,
  unknown: 0,
  created: 1,
  initializing: 2,
  initialized: 3,
  online: 4,
  offline: 5,
  deleted: 6,
} as const;
export type NodeStatus = keyof typeof nodeStatusCodes;

export const nodeStatuses = Object.keys(nodeStatusCodes) as [NodeStatus, ...NodeStatus[]];

/**
 * Sort keys of `GET /api/nodes?orderBy=` and of the cluster's `GET /1.0/nodes?order_by=`. `cpu`,
 * `memory` and `disk` sort by how full the node is (allocated over capacity, allocation rates
 * applied), as `nodeSortKey` computes it.
 */
export const nodeListOrderBy = [
  "name",
  "status",
  "architecture",
  "instances",
  "cpu",
  "memory",
  "disk",
] as const;
export type NodeListOrderBy = (typeof nodeListOrderBy)[number];

/** The longest search of the nodes list (a node name is at most 63 characters). */
export const nodeSearchMaxLength = 63;
