import { z } from "zod";
import { nodeStatusCodes, type NodeStatus } from "../constants/node-constants.ts";

export { nodeStatusCodes, type NodeStatus };

// AMS writes node memory and disk sizes as strings such as "8GB" or "21GB" (reference 2.6). These
// helpers turn them into bytes and back, so both the cluster and the dashboard read them the same way.

const unitBytes: Record<string, number> = {
  B: 1,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
  KIB: 2 ** 10,
  MIB: 2 ** 20,
  GIB: 2 ** 30,
  TIB: 2 ** 40,
  PIB: 2 ** 50,
};

const sizePattern = /^\s*(\d+(?:\.\d+)?)\s*([kmgtp]i?b?|b)\s*$/i;

/**
 * Bytes of a size string ("8GB", "512MB", "1.5TB", "4GiB", "8G"); decimal units unless the unit says
 * `iB`. Undefined when the text is not a size with a unit: a bare number is ambiguous in AMS (some
 * fields mean GB, others bytes), so it is refused rather than guessed.
 */
export function parseAmsSize(text: string): number | undefined {
  const match = sizePattern.exec(text);
  if (!match) return undefined;
  const [, amount, rawUnit] = match;
  if (amount === undefined || rawUnit === undefined) return undefined;
  let unit = rawUnit.toUpperCase();
  if (!unit.endsWith("B")) unit += "B";
  const factor = unitBytes[unit];
  if (factor === undefined) return undefined;
  const bytes = Math.round(Number(amount) * factor);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const displayUnits: readonly [string, number][] = [
  ["PB", 1e15],
  ["TB", 1e12],
  ["GB", 1e9],
  ["MB", 1e6],
  ["KB", 1e3],
];

/** A byte count as AMS shows it: "16GB", "1.5TB", "512MB" (at most two decimals). */
export function formatAmsSize(bytes: number): string {
  for (const [unit, factor] of displayUnits) {
    if (bytes >= factor) return `${Number((bytes / factor).toFixed(2))}${unit}`;
  }
  return `${Math.max(0, Math.round(bytes))}B`;
}

/** A GPU of a node (AMS `NodeGPU`). Virtual nodes have none; real AMS nodes may list some. */
export const amsNodeGpuSchema = z.object({
  id: z.number(),
  type: z.string(),
  pci_address: z.string().optional(),
  render_name: z.string().optional(),
  numa_node: z.number().optional(),
  slots: z.number(),
  encoder_slots: z.number(),
  allocations: z.record(z.string(), z.unknown()).optional(),
});

/**
 * What a node's instances hold (an extension of this cluster; absent from a real AMS): CPU and
 * memory of running instances, disk of every instance that is not deleted, slots, instance count.
 */
export const amsNodeAllocationSchema = z.object({
  cpus: z.number(),
  memory_bytes: z.number(),
  disk_size_bytes: z.number(),
  gpu_slots: z.number(),
  vpu_slots: z.number(),
  instances: z.number(),
});
export type AmsNodeAllocation = z.infer<typeof amsNodeAllocationSchema>;

/** A node as `GET /1.0/nodes/{name}` answers it (AMS `Node`). Sizes are strings like "16GB". */
export const amsNodeSchema = z.object({
  name: z.string(),
  address: z.string(),
  public_address: z.string(),
  architecture: z.string(),
  cpus: z.number(),
  cpu_allocation_rate: z.number(),
  memory: z.string(),
  memory_allocation_rate: z.number(),
  disk_size: z.string(),
  gpu_slots: z.number(),
  gpu_encoder_slots: z.number(),
  gpus: z.array(amsNodeGpuSchema).optional(),
  vpus: z.array(z.unknown()).optional(),
  instance_types: z.array(z.string()).optional(),
  is_master: z.boolean(),
  managed: z.boolean(),
  unschedulable: z.boolean(),
  network_bridge_mtu: z.number(),
  storage_pool: z.string(),
  tags: z.array(z.string()),
  status: z.string(),
  status_code: z.number(),
  // Extensions of this cluster: exact byte counts (the strings above are rounded) and usage.
  memory_bytes: z.number().optional(),
  disk_size_bytes: z.number().optional(),
  vpu_slots: z.number().optional(),
  allocated: amsNodeAllocationSchema.optional(),
});
export type AmsNode = z.infer<typeof amsNodeSchema>;

/** Node names, as LXD accepts them: letters, digits and inner hyphens, at most 63 characters. */
export const nodeNamePattern = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const sizeString = (what: string, minimumBytes: number) =>
  z
    .string({ message: `must be a ${what} size such as "8GB"` })
    .refine((text) => parseAmsSize(text) !== undefined, {
      message: `must be a ${what} size with a unit, such as "8GB" or "512MB"`,
    })
    .refine((text) => (parseAmsSize(text) ?? 0) >= minimumBytes, {
      message: `must be at least ${formatAmsSize(minimumBytes)}`,
    });

const wholeNumber = (minimum: number, maximum: number) =>
  z
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(minimum, `must be at least ${minimum}`)
    .max(maximum, `must be at most ${maximum}`);

const allocationRate = z
  .number({ message: "must be a number" })
  .gt(0, "must be more than 0")
  .max(100, "must be at most 100");

const ipAddress = z.union([z.ipv4(), z.ipv6()], { message: "must be an IPv4 or IPv6 address" });

const nodeTags = z
  .array(
    z
      .string({ message: "must be a string" })
      .min(1, "must not be empty")
      .max(128, "must be at most 128 characters")
      .regex(/^\S+$/, "must not contain spaces"),
    { message: "must be a list of strings" },
  )
  .max(100, "must hold at most 100 tags");

const nodeName = z
  .string({ message: "must be a string" })
  .regex(
    nodeNamePattern,
    "must be 1 to 63 letters, digits or hyphens, starting and ending with a letter or digit",
  );

/** `PATCH /1.0/nodes/{name}` (AMS `NodePatch`): only the fields sent change. */
export const nodePatchSchema = z
  .strictObject({
    cpus: wholeNumber(1, 4096).optional(),
    cpu_allocation_rate: allocationRate.optional(),
    memory: sizeString("memory", 1e8).optional(),
    memory_allocation_rate: allocationRate.optional(),
    gpu_slots: wholeNumber(0, 1024).optional(),
    gpu_encoder_slots: wholeNumber(0, 1024).optional(),
    /** An extension of this cluster (AMS counts VPUs from the hardware). */
    vpu_slots: wholeNumber(0, 1024).optional(),
    tags: nodeTags.optional(),
    unschedulable: z.boolean({ message: "must be true or false" }).optional(),
    /** Deprecated spelling of `unschedulable`, still sent by old clients. */
    unscheduable: z.boolean({ message: "must be true or false" }).optional(),
    public_address: ipAddress.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: "no field to change" });
export type NodePatch = z.infer<typeof nodePatchSchema>;

/**
 * `POST /1.0/nodes` (AMS `NodesPost`) for a virtual node. Missing sizes take defaults. `disk_size`,
 * `vpu_slots`, `unschedulable` and `architecture` extend AMS's fields; the LXD set-up fields
 * (trust password or token, network and storage device) are accepted and have no effect here.
 */
export const nodesPostSchema = z.strictObject({
  name: nodeName,
  address: ipAddress.optional(),
  public_address: ipAddress.optional(),
  architecture: z
    .enum(["x86_64", "aarch64"], { message: 'must be "x86_64" or "aarch64"' })
    .optional(),
  cpus: wholeNumber(1, 4096).optional(),
  cpu_allocation_rate: allocationRate.optional(),
  memory: sizeString("memory", 1e8).optional(),
  memory_allocation_rate: allocationRate.optional(),
  disk_size: sizeString("disk", 1e9).optional(),
  gpu_slots: wholeNumber(0, 1024).optional(),
  gpu_encoder_slots: wholeNumber(0, 1024).optional(),
  vpu_slots: wholeNumber(0, 1024).optional(),
  tags: nodeTags.optional(),
  unschedulable: z.boolean({ message: "must be true or false" }).optional(),
  unmanaged: z.boolean({ message: "must be true or false" }).optional(),
  network_bridge_mtu: wholeNumber(576, 9000).optional(),
  storage_pool: z.string().min(1).max(63).optional(),
  storage_device: z.string().optional(),
  network_name: z.string().optional(),
  network_subnet: z.string().optional(),
  network_acl_name: z.string().optional(),
  trust_password: z.string().optional(),
  trust_token: z.string().optional(),
});
export type NodesPost = z.infer<typeof nodesPostSchema>;

/** `DELETE /1.0/nodes/{name}` body (AMS `NodeDelete`). */
export const nodeDeleteSchema = z.strictObject({
  force: z.boolean({ message: "must be true or false" }).optional(),
  keep_in_cluster: z.boolean({ message: "must be true or false" }).optional(),
});
export type NodeDelete = z.infer<typeof nodeDeleteSchema>;
