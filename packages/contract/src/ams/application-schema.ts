import { z } from "zod";
import {
  flagOrFalse,
  numberOrZero,
  oneOfOr,
  optional,
  textOrEmpty,
  textsOrNone,
} from "./tolerant-fields.ts";
import {
  applicationStatuses,
  applicationVersionStatuses,
  type AmsApplication,
  type AmsApplicationVersion,
} from "./application.ts";
import { videoEncoders } from "./manifest.ts";

// Applications as a cluster answers them, read tolerantly: what identifies one must be there and
// be what it says; any other field an AMS leaves out or sends as null (its Go encoder omits empty
// values, older releases lack newer fields) reads as empty. Apart from application.ts, whose
// constants the web app's pages read, so that the schemas stay where they are used.

const resourcesSchema = z
  .object({
    cpus: optional(z.number()),
    memory: optional(z.string()),
    "disk-size": optional(z.string()),
    "gpu-slots": optional(z.number()),
    // "" (none asked for) or a type this release does not know reads as none.
    "gpu-type": z.enum(["amd", "intel", "nvidia"]).optional().catch(undefined),
    "vpu-slots": optional(z.number()),
    no_disk_reserve: optional(z.boolean()),
  })
  .nullish()
  .transform((value) => value ?? {});

const serviceSchema = z.object({
  name: z.string().optional(),
  port: numberOrZero,
  port_end: z.number().optional(),
  protocols: z
    .array(z.enum(["tcp", "udp"]))
    .nullish()
    .transform((value) => value ?? []),
  expose: z.boolean().optional(),
});

const versionSchema = z.object({
  number: z.number(),
  manifest_version: textOrEmpty,
  parent_image_id: textOrEmpty,
  parent_image_version: numberOrZero,
  status: oneOfOr(applicationVersionStatuses, "unknown"),
  status_code: numberOrZero,
  published: flagOrFalse,
  created_at: numberOrZero,
  size: numberOrZero,
  boot_activity: textOrEmpty,
  required_permissions: textsOrNone,
  addons: z
    .array(z.object({ name: z.string(), version: z.number() }))
    .nullish()
    .transform((value) => value ?? []),
  extra_data: z
    .record(
      z.string(),
      z.object({
        target: z.string(),
        owner: z.string().optional(),
        permissions: z.string().optional(),
      }),
    )
    .nullish()
    .transform((value) => value ?? {}),
  error_message: textOrEmpty,
  video_encoder: z
    .enum(videoEncoders)
    .nullish()
    .transform((value) => value ?? "gpu-preferred"),
  watchdog: z
    .object({ disabled: flagOrFalse, "allowed-packages": textsOrNone })
    .nullish()
    .transform((value) => value ?? { disabled: false, "allowed-packages": [] }),
  services: z
    .array(serviceSchema)
    .nullish()
    .transform((value) => value ?? []),
  features: textsOrNone,
  hooks: z
    .object({ timeout: textOrEmpty })
    .nullish()
    .transform((value) => value ?? { timeout: "" }),
  bootstrap: z
    .object({ keep: textsOrNone })
    .nullish()
    .transform((value) => value ?? { keep: [] }),
}) satisfies z.ZodType<AmsApplicationVersion>;

/** One application as a cluster answers it (`GET /1.0/applications/{id}`), checked. */
export const amsApplicationSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  status: oneOfOr(applicationStatuses, "unknown"),
  status_code: numberOrZero,
  instance_type: textOrEmpty,
  boot_package: textOrEmpty,
  parent_image_id: textOrEmpty,
  parent_image_variant: textOrEmpty,
  published: flagOrFalse,
  immutable: flagOrFalse,
  inhibit_auto_updates: flagOrFalse,
  tags: textsOrNone,
  node_selector: textsOrNone,
  addons: textsOrNone,
  abi: textOrEmpty,
  vm: flagOrFalse,
  created_at: numberOrZero,
  resources: resourcesSchema,
  versions: z
    .array(versionSchema)
    .nullish()
    .transform((value) => value ?? []),
}) satisfies z.ZodType<AmsApplication>;
