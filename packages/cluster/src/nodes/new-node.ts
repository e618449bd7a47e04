import { parseAmsSize, type NodesPost } from "@anbox-dashboard/contract";
import type { NodesTable } from "../store/schema.ts";

/** What a virtual node gets when `POST /1.0/nodes` leaves a field out. */
export const newNodeDefaults = {
  cpus: 4,
  memoryBytes: 8e9,
  diskBytes: 100e9,
  cpuAllocationRate: 4,
  memoryAllocationRate: 2,
  networkBridgeMtu: 1500,
  storagePool: "ams0",
} as const;

/**
 * The row of a node being added: `initializing` until its operation brings it online. Its
 * internal address is the first free one of 10.100.0.0/24 (the first node has 10.100.0.1) unless
 * the request names one.
 */
export function newNodeRow(
  input: NodesPost,
  usedAddresses: ReadonlySet<string>,
  now: number,
): NodesTable {
  const address = input.address ?? firstFreeAddress(usedAddresses);
  return {
    name: input.name,
    address,
    public_address: input.public_address ?? address,
    architecture: input.architecture ?? "x86_64",
    cpus: input.cpus ?? newNodeDefaults.cpus,
    cpu_allocation_rate: input.cpu_allocation_rate ?? newNodeDefaults.cpuAllocationRate,
    memory: sizeOr(input.memory, newNodeDefaults.memoryBytes),
    memory_allocation_rate: input.memory_allocation_rate ?? newNodeDefaults.memoryAllocationRate,
    disk_size: sizeOr(input.disk_size, newNodeDefaults.diskBytes),
    gpu_slots: input.gpu_slots ?? 0,
    gpu_encoder_slots: input.gpu_encoder_slots ?? 0,
    vpu_slots: input.vpu_slots ?? 0,
    tags: JSON.stringify([...new Set(input.tags ?? [])]),
    unschedulable: input.unschedulable === true ? 1 : 0,
    is_master: 0,
    managed: input.unmanaged === true ? 0 : 1,
    storage_pool: input.storage_pool ?? newNodeDefaults.storagePool,
    network_bridge_mtu: input.network_bridge_mtu ?? newNodeDefaults.networkBridgeMtu,
    status: "initializing",
    created_at: now,
    revision: 1,
  };
}

function sizeOr(text: string | undefined, fallback: number): number {
  return text === undefined ? fallback : (parseAmsSize(text) ?? fallback);
}

function firstFreeAddress(used: ReadonlySet<string>): string {
  for (let host = 2; host < 255; host++) {
    const candidate = `10.100.0.${host}`;
    if (!used.has(candidate)) return candidate;
  }
  // A cluster of more than 250 virtual nodes: continue in the next /24s.
  for (let third = 1; third < 255; third++) {
    for (let host = 1; host < 255; host++) {
      const candidate = `10.100.${third}.${host}`;
      if (!used.has(candidate)) return candidate;
    }
  }
  return "10.101.0.1";
}
