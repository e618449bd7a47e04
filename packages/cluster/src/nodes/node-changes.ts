import { parseAmsSize, type NodePatch } from "@anbox-dashboard/contract";
import type { NodesTable } from "../store/schema.ts";

/** The node columns a `PATCH /1.0/nodes/{name}` can change. */
export type NodeChanges = Partial<
  Pick<
    NodesTable,
    | "cpus"
    | "cpu_allocation_rate"
    | "memory"
    | "memory_allocation_rate"
    | "gpu_slots"
    | "gpu_encoder_slots"
    | "vpu_slots"
    | "tags"
    | "unschedulable"
    | "public_address"
  >
>;

/** Turns a validated NodePatch into column values (sizes to bytes, tags to JSON). */
export function nodeChangesOf(patch: NodePatch): NodeChanges {
  const changes: NodeChanges = {};
  if (patch.cpus !== undefined) changes.cpus = patch.cpus;
  if (patch.cpu_allocation_rate !== undefined)
    changes.cpu_allocation_rate = patch.cpu_allocation_rate;
  if (patch.memory !== undefined) {
    const bytes = parseAmsSize(patch.memory);
    if (bytes !== undefined) changes.memory = bytes;
  }
  if (patch.memory_allocation_rate !== undefined)
    changes.memory_allocation_rate = patch.memory_allocation_rate;
  if (patch.gpu_slots !== undefined) changes.gpu_slots = patch.gpu_slots;
  if (patch.gpu_encoder_slots !== undefined) changes.gpu_encoder_slots = patch.gpu_encoder_slots;
  if (patch.vpu_slots !== undefined) changes.vpu_slots = patch.vpu_slots;
  if (patch.tags !== undefined) changes.tags = JSON.stringify([...new Set(patch.tags)]);
  // `unscheduable` is the deprecated spelling; the correct one wins when both are sent.
  const unschedulable = patch.unschedulable ?? patch.unscheduable;
  if (unschedulable !== undefined) changes.unschedulable = unschedulable ? 1 : 0;
  if (patch.public_address !== undefined) changes.public_address = patch.public_address;
  return changes;
}
