import type { ClusterDatabase } from "../store/database.ts";
import type { InstancesTable } from "../store/schema.ts";
import { loadNodes } from "../nodes/node-load.ts";
import { readSchedulerStrategy } from "../settings/read-setting.ts";
import { placeInstance, type NodeLoad } from "../scheduler/place-instance.ts";
import { readInternals } from "./instance-record.ts";

export type PlacementResult = { node: string } | { error: string };

/**
 * Chooses a node for an instance from the nodes' current load. Call it inside the placement queue
 * and persist the choice before leaving the queue, or two instances may take the same capacity.
 * An instance placed before (stopped, failed) stays on its node, where its disk is.
 */
export async function chooseNode(
  db: ClusterDatabase,
  row: InstancesTable,
): Promise<PlacementResult> {
  const internals = readInternals(row);
  const strategy = await readSchedulerStrategy(db);
  let nodes = await loadNodes(db);
  const wanted = row.node !== "" ? row.node : internals.pinned_node;
  if (wanted !== "") {
    nodes = nodes.filter((node) => node.name === wanted);
    if (nodes.length === 0) return { error: `Node ${wanted} does not exist any more` };
  }
  if (row.node !== "") nodes = nodes.map((node) => withoutOwnDisk(node, row));
  const type = row.type === "vm" ? "vm" : "container";
  return placeInstance(
    nodes,
    {
      cpus: row.cpus,
      memory: row.memory,
      diskSize: row.disk_size,
      gpuSlots: row.gpu_slots,
      vpuSlots: row.vpu_slots,
      type,
    },
    strategy,
    internals.node_selector,
  );
}

// A placed instance's disk is already counted on its node (disk is held until deletion); its request
// must not count it twice.
function withoutOwnDisk(node: NodeLoad, row: InstancesTable): NodeLoad {
  if (node.name !== row.node) return node;
  return {
    ...node,
    used: { ...node.used, diskSize: Math.max(0, node.used.diskSize - row.disk_size) },
  };
}

/** Runs placements one at a time (load, choose, write), so concurrent creates cannot over-commit. */
export class PlacementQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** A private address in 10.100.0.0/16 derived from the id, probing past ones in use. */
export function pickAddress(id: string, used: ReadonlySet<string>): string {
  let hash = 0;
  for (const char of id) hash = (hash * 131 + char.charCodeAt(0)) % 2_147_483_647;
  for (let attempt = 0; attempt < 64_000; attempt++) {
    const slot = (hash + attempt * 7919) % (254 * 253);
    const address = `10.100.${1 + Math.floor(slot / 253)}.${2 + (slot % 253)}`;
    if (!used.has(address)) return address;
  }
  return `10.100.255.${2 + (hash % 253)}`;
}
