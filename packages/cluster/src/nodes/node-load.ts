import type { ClusterDatabase } from "../store/database.ts";
import type { NodesTable } from "../store/schema.ts";
import type { NodeLoad } from "../scheduler/place-instance.ts";
import { parseStringArray } from "../store/json-column.ts";

/**
 * Instance statuses that hold CPU, memory and GPU/VPU slots on their node. Stopped and failed
 * instances release them (AMS instances are ephemeral) but keep their disk until deleted. The
 * triggers of migration 0006 (store/migrations/0006-node-totals.ts) keep each node's totals by
 * this rule; change both together.
 */
export const statusesHoldingCompute = [
  "created",
  "prepared",
  "started",
  "running",
  "unknown",
] as const;

/** What a node's instances hold, as `node_totals` keeps it. */
export interface NodeTotals {
  cpus: number;
  memory: number;
  diskSize: number;
  gpuSlots: number;
  vpuSlots: number;
  instances: number;
}

export type NodeWithTotals = NodesTable & { totals: NodeTotals };

/**
 * The nodes with their totals read beside them (one join; the totals are kept by triggers, not
 * summed over the instances here). Sort, filter and page it further before executing.
 */
export function selectNodesWithTotals(db: ClusterDatabase) {
  return db
    .selectFrom("nodes")
    .leftJoin("node_totals", "node_totals.node", "nodes.name")
    .selectAll("nodes")
    .select([
      "node_totals.cpus as used_cpus",
      "node_totals.memory as used_memory",
      "node_totals.disk_size as used_disk_size",
      "node_totals.gpu_slots as used_gpu_slots",
      "node_totals.vpu_slots as used_vpu_slots",
      "node_totals.instances as used_instances",
    ]);
}

type TotalsColumns = Record<
  | "used_cpus"
  | "used_memory"
  | "used_disk_size"
  | "used_gpu_slots"
  | "used_vpu_slots"
  | "used_instances",
  number | string | null
>;

/** A row of `selectNodesWithTotals` as the node and its totals. */
export function withTotals(row: NodesTable & TotalsColumns): NodeWithTotals {
  const {
    used_cpus,
    used_memory,
    used_disk_size,
    used_gpu_slots,
    used_vpu_slots,
    used_instances,
    ...node
  } = row;
  // A node no instance was ever placed on has no totals row (NULL); PostgreSQL answers bigints
  // as strings.
  return {
    ...node,
    totals: {
      cpus: Number(used_cpus ?? 0),
      memory: Number(used_memory ?? 0),
      diskSize: Number(used_disk_size ?? 0),
      gpuSlots: Number(used_gpu_slots ?? 0),
      vpuSlots: Number(used_vpu_slots ?? 0),
      instances: Number(used_instances ?? 0),
    },
  };
}

/** Every node with what its instances hold, for the scheduler. */
export async function loadNodes(db: ClusterDatabase): Promise<NodeLoad[]> {
  const rows = await selectNodesWithTotals(db).orderBy("nodes.name").execute();
  return rows.map((row) => nodeLoadOf(withTotals(row)));
}

function nodeLoadOf(node: NodeWithTotals): NodeLoad {
  return {
    name: node.name,
    unschedulable: node.unschedulable === 1,
    online: node.status === "online",
    cpus: node.cpus,
    cpuAllocationRate: node.cpu_allocation_rate,
    memory: node.memory,
    memoryAllocationRate: node.memory_allocation_rate,
    diskSize: node.disk_size,
    gpuSlots: node.gpu_slots,
    vpuSlots: node.vpu_slots,
    tags: parseStringArray(node.tags),
    used: {
      cpus: node.totals.cpus,
      memory: node.totals.memory,
      diskSize: node.totals.diskSize,
      gpuSlots: node.totals.gpuSlots,
      vpuSlots: node.totals.vpuSlots,
    },
  };
}
