import { formatAmsSize, nodeStatusCodes, type AmsNode } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import type { NodesTable } from "../store/schema.ts";
import { parseStringArray } from "../store/json-column.ts";
import { loadNodes } from "./node-load.ts";

export interface NodeView {
  node: AmsNode;
  /** For the ETag. */
  revision: number;
}

/**
 * Nodes as the API shows them, with what their instances hold; one node when `name` is given
 * (empty when it does not exist).
 */
export async function readNodeViews(db: ClusterDatabase, name?: string): Promise<NodeView[]> {
  let query = db.selectFrom("nodes").selectAll().orderBy("name");
  if (name !== undefined) query = query.where("name", "=", name);
  const rows = await query.execute();
  if (rows.length === 0) return [];

  const loads = new Map((await loadNodes(db)).map((load) => [load.name, load]));
  let countQuery = db
    .selectFrom("instances")
    .select((eb) => ["node", eb.fn.countAll<number | string>().as("count")])
    .where("status", "!=", "deleted")
    .where("node", "!=", "")
    .groupBy("node");
  if (name !== undefined) countQuery = countQuery.where("node", "=", name);
  const counts = new Map((await countQuery.execute()).map((row) => [row.node, Number(row.count)]));

  return rows.map((row) => {
    const used = loads.get(row.name)?.used;
    return {
      revision: row.revision,
      node: toAmsNode(row, {
        cpus: used?.cpus ?? 0,
        memory_bytes: used?.memory ?? 0,
        disk_size_bytes: used?.diskSize ?? 0,
        gpu_slots: used?.gpuSlots ?? 0,
        vpu_slots: used?.vpuSlots ?? 0,
        instances: counts.get(row.name) ?? 0,
      }),
    };
  });
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
