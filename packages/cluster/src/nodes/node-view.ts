import { formatAmsSize, nodeStatusCodes, type AmsNode } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { NodesTable } from "../store/schema.ts";
import { parseStringArray } from "../store/json-column.ts";
import { selectNodesWithTotals, withTotals, type NodeWithTotals } from "./node-load.ts";

export interface NodeView {
  node: AmsNode;
  /** For the ETag. */
  revision: number;
}

/** A node as the API shows it, with what its instances hold; undefined when it does not exist. */
export async function readNodeView(
  db: ClusterDatabase,
  name: string,
): Promise<NodeView | undefined> {
  const row = await selectNodesWithTotals(db).where("nodes.name", "=", name).executeTakeFirst();
  return row === undefined ? undefined : nodeViewOf(withTotals(row));
}

export function nodeViewOf(node: NodeWithTotals): NodeView {
  return {
    revision: node.revision,
    node: toAmsNode(node, {
      cpus: node.totals.cpus,
      memory_bytes: node.totals.memory,
      disk_size_bytes: node.totals.diskSize,
      gpu_slots: node.totals.gpuSlots,
      vpu_slots: node.totals.vpuSlots,
      instances: node.totals.instances,
    }),
  };
}

export function toAmsNode(row: NodesTable, allocated: AmsNode["allocated"]): AmsNode {
  const status =
    row.status in nodeStatusCodes ? (row.status as keyof typeof nodeStatusCodes) : "unknown";
  return {
    name: row.name,
    address: row.address,
    public_address: row.public_address,
    architecture: row.architecture,
    cpus: row.cpus,
    cpu_allocation_rate: row.cpu_allocation_rate,
    memory: formatAmsSize(row.memory),
    memory_allocation_rate: row.memory_allocation_rate,
    disk_size: formatAmsSize(row.disk_size),
    gpu_slots: row.gpu_slots,
    gpu_encoder_slots: row.gpu_encoder_slots,
    // Virtual nodes have no physical GPUs or VPUs to describe: only slots.
    gpus: [],
    vpus: [],
    instance_types: ["container", "vm"],
    is_master: row.is_master === 1,
    managed: row.managed === 1,
    unschedulable: row.unschedulable === 1,
    network_bridge_mtu: row.network_bridge_mtu,
    storage_pool: row.storage_pool,
    tags: parseStringArray(row.tags),
    status,
    status_code: nodeStatusCodes[status],
    memory_bytes: row.memory,
    disk_size_bytes: row.disk_size,
    vpu_slots: row.vpu_slots,
    allocated,
  };
}
