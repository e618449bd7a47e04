import { z } from "zod";
import { nodesPostSchema } from "@anbox-dashboard/contract";
import type { NodesPost } from "../../api/nodes.ts";

/** What the add-node form holds: text as typed, sizes in GB. */
export interface AddNodeFormValues {
  clusterId: string;
  name: string;
  cpus: string;
  memoryGb: string;
  diskGb: string;
  gpuSlots: string;
}

export const addNodeDefaults: Omit<AddNodeFormValues, "clusterId"> = {
  name: "",
  cpus: "4",
  memoryGb: "8",
  diskGb: "100",
  gpuSlots: "0",
};

function numberOf(text: string): number {
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The `POST /api/nodes` body the values make (sizes as AMS writes them: "8GB"). */
export function nodesPostOf(values: AddNodeFormValues): NodesPost {
  const size = (text: string) => {
    const amount = numberOf(text);
    return Number.isNaN(amount) ? text : `${String(amount)}GB`;
  };
  return {
    name: values.name.trim(),
    cpus: numberOf(values.cpus),
    memory: size(values.memoryGb),
    disk_size: size(values.diskGb),
    gpu_slots: numberOf(values.gpuSlots),
  };
}

const formFieldOf: Partial<Record<keyof NodesPost, keyof AddNodeFormValues>> = {
  name: "name",
  cpus: "cpus",
  memory: "memoryGb",
  disk_size: "diskGb",
  gpu_slots: "gpuSlots",
};

/** The form's rules: the contract's `POST /1.0/nodes` schema on the request the values make. */
export const addNodeFormSchema = z
  .object({
    clusterId: z.string().min(1, "Choose a cluster"),
    name: z.string(),
    cpus: z.string(),
    memoryGb: z.string(),
    diskGb: z.string(),
    gpuSlots: z.string(),
  })
  .superRefine((values, context) => {
    const result = nodesPostSchema.safeParse(nodesPostOf(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [requestField] = issue.path;
      const field =
        typeof requestField === "string" ? formFieldOf[requestField as keyof NodesPost] : undefined;
      if (field !== undefined) {
        const message = issue.message.startsWith("must") ? `It ${issue.message}` : issue.message;
        context.addIssue({ code: "custom", path: [field], message });
      }
    }
  });
