// Room for a new instance before it is created (issue 15, point 4): the embedded cluster's
// `GET /1.0/capacity` and the dashboard's `GET /api/instance-capacity?clusterId=`. The cluster
// answers with its own scheduler, so the form never guesses. AMS has no such call: the dashboard
// answers "unknown" for a cluster that does not know it (404).
import { z } from "zod";
import { instanceSizeLimits, type WholeNumberBounds } from "../validation/instance-create-form.ts";

const gigabyte = 1_000_000_000;
const terabyte = 1000 * gigabyte;

/** A query parameter that must be a whole number within bounds; the messages name it. */
const wholeQueryField = (name: string, bounds: WholeNumberBounds) =>
  z
    .string({ message: `${name} must be a whole number` })
    .regex(/^\d{1,16}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= bounds.min, `${name} must be at least ${bounds.min}`)
    .refine((value) => value <= bounds.max, `${name} must be at most ${bounds.max}`);

/**
 * The size of the instance to place, as query parameters (bytes for memory and disk), with the
 * bounds of the create request (`instanceResourcesPostSchema`). `app_id` (an application's id or
 * name) adds the node tags that application requires.
 */
export const capacityQuerySchema = z.object({
  cpus: wholeQueryField("cpus", instanceSizeLimits.cpus),
  memory: wholeQueryField("memory", {
    min: 256_000_000,
    max: instanceSizeLimits.memoryGb.max * gigabyte,
  }),
  disk_size: wholeQueryField("disk_size", { min: gigabyte, max: 100 * terabyte }),
  gpu_slots: wholeQueryField("gpu_slots", instanceSizeLimits.gpuSlots).default(0),
  vpu_slots: wholeQueryField("vpu_slots", instanceSizeLimits.vpuSlots).default(0),
  app_id: z
    .string({ message: "app_id must be text" })
    .min(1, "app_id must not be empty")
    .max(255, "app_id must be at most 255 characters")
    .optional(),
});
export type CapacityQuery = z.infer<typeof capacityQuerySchema>;

/** The most of each resource free on any one schedulable node (not necessarily the same node). */
export const capacityFreeSchema = z.object({
  /** CPU cores after the CPU allocation rate. */
  cpus: z.number(),
  /** Bytes, after the memory allocation rate. */
  memory: z.number(),
  disk_size: z.number(),
  gpu_slots: z.number(),
  vpu_slots: z.number(),
});
export type CapacityFree = z.infer<typeof capacityFreeSchema>;

/** `GET /1.0/capacity` (metadata): whether a node takes the instance now, and the room left. */
export const amsCapacitySchema = z.object({
  fits: z.boolean(),
  /** The node the scheduler would choose; "" when none fits. */
  node: z.string(),
  /** Why nothing fits, in the scheduler's words (the create's own error); "" when it fits. */
  reason: z.string(),
  /** Online, schedulable nodes with the tags required. */
  schedulable_nodes: z.number(),
  /** Null when no node is schedulable. */
  most_free: capacityFreeSchema.nullable(),
});
export type AmsCapacity = z.infer<typeof amsCapacitySchema>;

/** `GET /api/instance-capacity` (metadata): the cluster's answer, or unknown when it has none. */
export const instanceCapacitySchema = z.discriminatedUnion("known", [
  z.object({ known: z.literal(false), clusterId: z.string() }),
  amsCapacitySchema.extend({ known: z.literal(true), clusterId: z.string() }),
]);
export type InstanceCapacity = z.infer<typeof instanceCapacitySchema>;

export const instanceCapacityResponseSchema = z.object({ metadata: instanceCapacitySchema });
export type InstanceCapacityResponse = z.infer<typeof instanceCapacityResponseSchema>;
