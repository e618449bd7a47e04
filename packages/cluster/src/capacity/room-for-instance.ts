import type { AmsCapacity, CapacityFree, CapacityQuery } from "@anbox-dashboard/contract";
import type { ClusterDatabase } from "../store/database.ts";
import { findApplication } from "../applications/application-store.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { loadNodes } from "../nodes/node-load.ts";
import { isSchedulable, placeInstance, type NodeLoad } from "../scheduler/place-instance.ts";
import { readSchedulerStrategy } from "../settings/read-setting.ts";
import { parseStringArray } from "../store/json-column.ts";

/**
 * Whether an instance of this size would be placed now, answered by the scheduler that places
 * instances (`placeInstance`, the nodes' load from `loadNodes`, the configured strategy, the
 * application's required tags), as `chooseNode` does when the instance is created: the form's
 * "nothing fits" is the create's own error, word for word. Also the most of each resource free on
 * any schedulable node, so that a person can pick a size that fits. Nothing is reserved: another
 * create may take the room before this one is sent.
 */
export async function roomForInstance(
  db: ClusterDatabase,
  query: CapacityQuery,
): Promise<AmsCapacity> {
  const requiredTags = query.app_id === undefined ? [] : await requiredTagsOf(db, query.app_id);
  const [nodes, strategy] = await Promise.all([loadNodes(db), readSchedulerStrategy(db)]);
  const placement = placeInstance(
    nodes,
    {
      cpus: query.cpus,
      memory: query.memory,
      diskSize: query.disk_size,
      gpuSlots: query.gpu_slots,
      vpuSlots: query.vpu_slots,
      // The scheduler does not tell containers from VMs; the size says it all.
      type: "container",
    },
    strategy,
    requiredTags,
  );
  const schedulable = nodes.filter((node) => isSchedulable(node, requiredTags));
  return {
    fits: "node" in placement,
    node: "node" in placement ? placement.node : "",
    reason: "error" in placement ? placement.error : "",
    schedulable_nodes: schedulable.length,
    most_free: schedulable.length === 0 ? null : mostFree(schedulable),
  };
}

async function requiredTagsOf(db: ClusterDatabase, appRef: string): Promise<string[]> {
  const app = await findApplication(db, appRef);
  if (!app || app.status === "deleted")
    throw new HttpError(404, `Application "${appRef}" not found`);
  return parseStringArray(app.node_selector);
}

/** The largest room of each resource over the nodes; over-committed by the allocation rates. */
function mostFree(nodes: readonly NodeLoad[]): CapacityFree {
  const free = nodes.map((node) => ({
    // Rounded to a hundredth: a rate of 1.1 on 3 cores is 3.3, not 3.3000000000000003.
    cpus: Math.round((node.cpus * node.cpuAllocationRate - node.used.cpus) * 100) / 100,
    memory: Math.floor(node.memory * node.memoryAllocationRate - node.used.memory),
    disk_size: node.diskSize - node.used.diskSize,
    gpu_slots: node.gpuSlots - node.used.gpuSlots,
    vpu_slots: node.vpuSlots - node.used.vpuSlots,
  }));
  const most = (pick: (room: CapacityFree) => number) =>
    Math.max(0, ...free.map((room) => pick(room)));
  return {
    cpus: most((room) => room.cpus),
    memory: most((room) => room.memory),
    disk_size: most((room) => room.disk_size),
    gpu_slots: most((room) => room.gpu_slots),
    vpu_slots: most((room) => room.vpu_slots),
  };
}
