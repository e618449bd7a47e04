import type { ClusterDatabase } from "../store/database.ts";
import type { NodeLoad } from "../scheduler/place-instance.ts";
import { parseStringArray } from "../store/json-column.ts";

/**
 * Instance statuses that hold CPU, memory and GPU/VPU slots on their node. Stopped and failed
 * instances release them (AMS instances are ephemeral) but keep their disk until deleted.
 */
export const statusesHoldingCompute = [
  "created",
  "prepared",
  "started",
  "running",
  "unknown",
] as const;

/** Every node with what its instances hold, for the scheduler and the nodes API. */
export async function loadNodes(db: ClusterDatabase): Promise<NodeLoad[]> {
  const nodes = await db.selectFrom("nodes").selectAll().orderBy("name").execute();
  const compute = await db
    .selectFrom("instances")
    .select((eb) => [
      "node",
      eb.fn.sum<number | string>("cpus").as("cpus"),
      eb.fn.sum<number | string>("memory").as("memory"),
      eb.fn.sum<number | string>("gpu_slots").as("gpu_slots"),
      eb.fn.sum<number | string>("vpu_slots").as("vpu_slots"),
    ])
    .where("status", "in", [...statusesHoldingCompute])
    .where("node", "!=", "")
    .groupBy("node")
    .execute();
  const disk = await db
    .selectFrom("instances")
    .select((eb) => ["node", eb.fn.sum<number | string>("disk_size").as("disk_size")])
    .where("status", "!=", "deleted")
    .where("node", "!=", "")
    .groupBy("node")
    .execute();
  const computeByNode = new Map(compute.map((row) => [row.node, row]));
  const diskByNode = new Map(disk.map((row) => [row.node, Number(row.disk_size)]));

  return nodes.map((node) => {
    const used = computeByNode.get(node.name);
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
        // SUM over no rows is NULL; PostgreSQL answers sums of bigints as strings.
        cpus: Number(used?.cpus ?? 0),
        memory: Number(used?.memory ?? 0),
        diskSize: diskByNode.get(node.name) ?? 0,
        gpuSlots: Number(used?.gpu_slots ?? 0),
        vpuSlots: Number(used?.vpu_slots ?? 0),
      },
    };
  });
}
