// AMS instances on the wire (reference/anbox-api.md 2.3; AMS-OAS `Instance`, `InstancesPost`,
// `InstancePatch`, `InstanceDelete`, `InstancesDelete`).
import { z } from "zod";
import { validateInstanceName } from "../validation/instance-name.ts";
import { requestedVersionSchema } from "../validation/stored-integer.ts";
import { instanceSizeLimits, type WholeNumberBounds } from "../validation/instance-create-form.ts";
import {
  instanceOrderKeys,
  instanceStatuses,
  instanceTypes,
  type InstanceOrderKey,
  type InstanceStatus,
  type InstanceType,
} from "../constants/instance-constants.ts";

export {
  instanceOrderKeys,
  instanceStatuses,
  instanceTypes,
  type InstanceOrderKey,
  type InstanceStatus,
  type InstanceType,
};

/** AMS-SDK `InstanceStatus` codes. */
export const instanceStatusCodes: Record<InstanceStatus, number> = {
  error: -1,
  unknown: 0,
  created: 1,
  prepared: 2,
  started: 3,
  running: 4,
  stopped: 5,
  deleted: 6,
};

/** The statuses `PATCH /1.0/instances/{id}` can ask for. */
export const desiredInstanceStatuses = ["running", "stopped"] as const;
export type DesiredInstanceStatus = (typeof desiredInstanceStatuses)[number];

/** A tag of this form marks a streamable instance; the rest is the stream gateway session id. */
export const sessionTagPrefix = "session=";

export interface InstanceDisplay {
  width: number;
  height: number;
  fps: number;
  density: number;
}

export interface InstanceConfig {
  platform: string;
  boot_package: string;
  boot_activity: string;
  metrics_server: string;
  disable_watchdog: boolean;
  devmode: boolean;
  enable_streaming: boolean;
  features: string;
  display: InstanceDisplay;
  security: { delete_protected: boolean };
}

/** Note the hyphenated keys (as AMS answers them; `POST` takes `disk_size`). */
export interface InstanceResources {
  cpus: number;
  memory: number;
  "disk-size": number;
  "gpu-slots": number;
  "vpu-slots": number;
}

export interface InstanceService {
  name: string;
  port: number;
  port_end: number;
  node_port: number;
  node_port_end: number;
  protocols: ("tcp" | "udp")[];
  expose: boolean;
}

/** `GET /1.0/instances/{id}`. */
export interface AmsInstance {
  id: string;
  name: string;
  type: InstanceType;
  base: boolean;
  status: InstanceStatus;
  status_code: number;
  status_message: string;
  error_message: string;
  /** The status the cluster works towards (`running` or `stopped`). */
  desired_status: DesiredInstanceStatus;
  node: string;
  app_id: string;
  app_name: string;
  app_version: number;
  image_id: string;
  image_name: string;
  image_version: number;
  image_variant: string;
  architecture: string;
  created_at: number;
  address: string;
  public_address: string;
  services: InstanceService[];
  stored_logs: string[];
  config: InstanceConfig;
  resources: InstanceResources;
  tags: string[];
}

/**
 * What the dashboard reads of an instance that another resource lists (an image's users): its
 * id, name, status and image version, checked; the rest of the answer is not relied on there.
 */
export const amsInstanceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(instanceStatuses),
  image_version: z.number(),
});

const whole = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

/** A whole number within bounds the web form shares (`instanceSizeLimits`). */
const within = (what: string, bounds: WholeNumberBounds) => whole(what, bounds.min, bounds.max);

const tagSchema = z
  .string({ message: "must be a string" })
  .min(1, "a tag must not be empty")
  .max(255, "a tag must be at most 255 characters")
  .refine((tag) => !tag.includes(","), "a tag must not contain a comma");

export const instanceNameSchema = z
  .string({ message: "must be a string" })
  .superRefine((name, context) => {
    const problem = validateInstanceName(name);
    if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
  });

const gigabyte = 1_000_000_000;
const terabyte = 1000 * gigabyte;

export const instanceResourcesPostSchema = z
  .object({
    cpus: within("cpus", instanceSizeLimits.cpus).optional(),
    // Below the form's 1 GB (whole GB only) for API callers; the same top, in bytes.
    memory: whole(
      "memory (bytes)",
      256_000_000,
      instanceSizeLimits.memoryGb.max * gigabyte,
    ).optional(),
    disk_size: whole("disk_size (bytes)", 1_000_000_000, 100 * terabyte).optional(),
    // Tolerated: the GET spelling, so that a client echoing an instance's resources is understood.
    "disk-size": whole("disk-size (bytes)", 1_000_000_000, 100 * terabyte).optional(),
    "gpu-slots": within("gpu-slots", instanceSizeLimits.gpuSlots).optional(),
    "gpu-type": z.enum(["amd", "intel", "nvidia", ""]).optional(),
    "vpu-slots": within("vpu-slots", instanceSizeLimits.vpuSlots).optional(),
    no_disk_reserve: z.boolean().optional(),
  })
  .loose();

export const instanceDisplaySchema = z.object({
  width: within("width", instanceSizeLimits.displayPixels).optional(),
  height: within("height", instanceSizeLimits.displayPixels).optional(),
  fps: whole("fps", 1, 240).optional(),
  density: whole("density", 1, 1000).optional(),
});

export const instanceConfigPostSchema = z
  .object({
    platform: z.string().max(64).optional(),
    boot_package: z.string().max(255).optional(),
    boot_activity: z.string().max(255).optional(),
    metrics_server: z.string().max(512).optional(),
    disable_watchdog: z.boolean().optional(),
    devmode: z.boolean().optional(),
    enable_streaming: z.boolean().optional(),
    features: z.string().max(1024).optional(),
    display: instanceDisplaySchema.optional(),
    security: z.object({ delete_protected: z.boolean().optional() }).optional(),
  })
  .loose();

export const instanceServiceSpecSchema = z.object({
  name: z.string().max(64).optional(),
  port: whole("port", 1, 65535),
  port_end: whole("port_end", 0, 65535).optional(),
  protocols: z.array(z.enum(["tcp", "udp"])).optional(),
  expose: z.boolean().optional(),
});

/** `POST /1.0/instances`. Unknown fields are ignored, as AMS (Go) does. */
export const instancesPostSchema = z
  .object({
    name: instanceNameSchema.optional(),
    type: z.enum(instanceTypes, { message: "must be container or vm" }).optional(),
    app_id: z.string().max(255).optional(),
    app_version: requestedVersionSchema.optional(),
    image_id: z.string().max(255).optional(),
    image_version: requestedVersionSchema.optional(),
    node: z.string().max(255).optional(),
    user_data: z.string().max(65536).optional(),
    addons: z.array(z.string().max(255)).max(64).optional(),
    services: z.array(instanceServiceSpecSchema).max(32).optional(),
    resources: instanceResourcesPostSchema.optional(),
    tags: z.array(tagSchema).max(64, "at most 64 tags").optional(),
    config: instanceConfigPostSchema.optional(),
    no_start: z.boolean().optional(),
    source: z.unknown().optional(),
  })
  .loose();
export type InstancesPost = z.infer<typeof instancesPostSchema>;

const desiredStatusSchema = z
  .string({ message: "must be a string" })
  .refine(
    (value): value is DesiredInstanceStatus =>
      (desiredInstanceStatuses as readonly string[]).includes(value),
    { message: `must be one of ${desiredInstanceStatuses.join(", ")}` },
  );

/** `PATCH /1.0/instances/{id}`. */
export const instancePatchSchema = z
  .object({
    desired_status: desiredStatusSchema.optional(),
    config: z
      .object({
        security: z.object({ delete_protected: z.boolean().optional() }).optional(),
      })
      .optional(),
  })
  .loose();
export type InstancePatch = z.infer<typeof instancePatchSchema>;

const idsSchema = z
  .array(z.string({ message: "must be a string" }).min(1), { message: "must be a list of ids" })
  .min(1, "must name at least one instance")
  .max(1000, "at most 1000 instances at once");

/** `PATCH /1.0/instances` (extension `bulk_update.instances`): start or stop many at once. */
export const instancesPatchSchema = z.object({
  ids: idsSchema,
  desired_status: desiredStatusSchema,
});
export type InstancesPatch = z.infer<typeof instancesPatchSchema>;

/** `DELETE /1.0/instances/{id}`. */
export const instanceDeleteSchema = z.object({ force: z.boolean().optional() }).loose();

/** `DELETE /1.0/instances` (extension `bulk_delete.instances`). */
export const instancesDeleteSchema = z
  .object({ ids: idsSchema, force: z.boolean().optional() })
  .loose();

/** One instance's outcome in a bulk operation's metadata (`metadata.results`). */
export interface InstanceBulkResult {
  id: string;
  name: string;
  success: boolean;
  error: string;
}
