import { z } from "zod";
import { nodePatchSchema } from "@anbox-dashboard/contract";
import type { ClusterNode, NodePatch } from "../../api/nodes.ts";

/** What the node panel's form holds: text as typed, tags comma-separated. */
export interface NodeEditFormValues {
  cpuAllocationRate: string;
  memoryAllocationRate: string;
  gpuSlots: string;
  vpuSlots: string;
  tags: string;
  unschedulable: boolean;
}

/** The request field each form field becomes, to put the contract's messages on the right field. */
const requestFieldOf = {
  cpuAllocationRate: "cpu_allocation_rate",
  memoryAllocationRate: "memory_allocation_rate",
  gpuSlots: "gpu_slots",
  vpuSlots: "vpu_slots",
  tags: "tags",
  unschedulable: "unschedulable",
} as const satisfies Record<keyof NodeEditFormValues, keyof NodePatch>;

export function nodeEditFormValuesOf(node: ClusterNode): NodeEditFormValues {
  return {
    cpuAllocationRate: String(node.cpu_allocation_rate),
    memoryAllocationRate: String(node.memory_allocation_rate),
    gpuSlots: String(node.gpu_slots),
    vpuSlots: String(node.vpu_slots ?? 0),
    tags: node.tags.join(", "),
    unschedulable: node.unschedulable,
  };
}

/** A number as typed; NaN for anything else (blank included), which the contract refuses. */
function numberOf(text: string): number {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
    ),
  ];
}

/**
 * The `PATCH /api/nodes/{name}` body for what the form changed from the node (unchanged fields
 * are not sent, so that another person's change to them is not undone); empty when nothing did.
 */
export function nodePatchOf(values: NodeEditFormValues, node: ClusterNode): NodePatch {
  const patch: NodePatch = {};
  const cpuRate = numberOf(values.cpuAllocationRate);
  if (cpuRate !== node.cpu_allocation_rate) patch.cpu_allocation_rate = cpuRate;
  const memoryRate = numberOf(values.memoryAllocationRate);
  if (memoryRate !== node.memory_allocation_rate) patch.memory_allocation_rate = memoryRate;
  const gpuSlots = numberOf(values.gpuSlots);
  if (gpuSlots !== node.gpu_slots) patch.gpu_slots = gpuSlots;
  const vpuSlots = numberOf(values.vpuSlots);
  if (vpuSlots !== (node.vpu_slots ?? 0)) patch.vpu_slots = vpuSlots;
  const tags = tagsOf(values.tags);
  if (tags.join("\n") !== node.tags.join("\n")) patch.tags = tags;
  if (values.unschedulable !== node.unschedulable) patch.unschedulable = values.unschedulable;
  return patch;
}

/**
 * The form's rules: the contract's `PATCH /1.0/nodes` schema (the server's and the cluster's),
 * run on the request the values make, its messages put on the fields they are about.
 */
export function nodeEditFormSchema(node: ClusterNode) {
  const formField = Object.fromEntries(
    Object.entries(requestFieldOf).map(([field, requestField]) => [requestField, field]),
  );
  return z
    .object({
      cpuAllocationRate: z.string(),
      memoryAllocationRate: z.string(),
      gpuSlots: z.string(),
      vpuSlots: z.string(),
      tags: z.string(),
      unschedulable: z.boolean(),
    })
    .superRefine((values, context) => {
      const patch = nodePatchOf(values, node);
      if (Object.keys(patch).length === 0) return;
      const result = nodePatchSchema.safeParse(patch);
      if (result.success) return;
      for (const issue of result.error.issues) {
        const [requestField] = issue.path;
        const field = typeof requestField === "string" ? formField[requestField] : undefined;
        if (field !== undefined) {
          const message = issue.message.startsWith("must") ? `It ${issue.message}` : issue.message;
          context.addIssue({ code: "custom", path: [field], message });
        }
      }
    });
}
