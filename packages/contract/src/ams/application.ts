import { z } from "zod";
import {
  manifestBootstrapSchema,
  manifestHooksSchema,
  manifestResourcesSchema,
  manifestServiceSchema,
  manifestWatchdogSchema,
  resourcePresetNames,
  videoEncoders,
  type ManifestResources,
  type ManifestService,
  type ManifestWatchdog,
  type VideoEncoder,
} from "./manifest.ts";

// Applications (AMS `Application`, `ApplicationVersion`, `ApplicationPatch`; reference 2.4, 2.7).

export const applicationStatuses = [
  "error",
  "unknown",
  "initializing",
  "ready",
  "deleted",
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusCodes: Record<ApplicationStatus, number> = {
  error: -1,
  unknown: 0,
  initializing: 1,
  ready: 2,
  deleted: 3,
};

/** A version's status uses the image statuses: a finished version is `active` (3). */
export const applicationVersionStatuses = [
  "error",
  "unknown",
  "initializing",
  "active",
  "deleted",
] as const;
export type ApplicationVersionStatus = (typeof applicationVersionStatuses)[number];

export const applicationVersionStatusCodes: Record<ApplicationVersionStatus, number> = {
  error: -1,
  unknown: 0,
  initializing: 1,
  active: 3,
  deleted: 4,
};

export interface AmsApplicationExtraData {
  target: string;
  owner?: string;
  permissions?: string;
}

export interface AmsApplicationVersion {
  number: number;
  manifest_version: string;
  parent_image_id: string;
  parent_image_version: number;
  status: ApplicationVersionStatus;
  status_code: number;
  published: boolean;
  created_at: number;
  /**
   * Bytes of the package uploaded for this version (manifest.yaml and the APK). Not in the AMS
   * reference, which gives a version no size; named as image versions' and registry versions'.
   * 0 when not known.
   */
  size: number;
  boot_activity: string;
  required_permissions: string[];
  addons: { name: string; version: number }[];
  extra_data: Record<string, AmsApplicationExtraData>;
  error_message: string;
  video_encoder: VideoEncoder;
  watchdog: { disabled: boolean; "allowed-packages": string[] };
  services: ManifestService[];
  features: string[];
  hooks: { timeout: string };
  bootstrap: { keep: string[] };
}

export interface AmsApplication {
  id: string;
  name: string;
  status: ApplicationStatus;
  status_code: number;
  instance_type: string;
  boot_package: string;
  parent_image_id: string;
  parent_image_variant: string;
  published: boolean;
  immutable: boolean;
  inhibit_auto_updates: boolean;
  tags: string[];
  node_selector: string[];
  addons: string[];
  abi: string;
  vm: boolean;
  created_at: number;
  resources: ManifestResources;
  versions: AmsApplicationVersion[];
}

/**
 * What the dashboard reads of an application that another resource names (an image's users): its
 * id, name and status, checked; the rest of the answer is not relied on there.
 */
export const amsApplicationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(applicationStatuses),
});

const stringList = z.array(z.string({ message: "must be a text" }), {
  message: "must be a list of texts",
});

/**
 * `PATCH /1.0/applications/{id}/` (trailing slash). Changing `image`, `instance-type`, `tags`,
 * `addons`, `resources`, `node_selector` or `inhibit_auto_updates` updates the application;
 * changing any other field makes a new version.
 */
export const applicationPatchSchema = z.strictObject({
  addons: stringList.optional(),
  boot_activity: z.string({ message: "must be an activity name" }).optional(),
  bootstrap: manifestBootstrapSchema.optional(),
  features: stringList.optional(),
  hooks: manifestHooksSchema.optional(),
  image: z
    .string({ message: "must be an image name or id" })
    .min(1, "must not be empty")
    .optional(),
  inhibit_auto_updates: z.boolean({ message: "must be true or false" }).optional(),
  "instance-type": z
    .enum(resourcePresetNames, { message: `must be one of ${resourcePresetNames.join(", ")}` })
    .optional(),
  manifest_version: z
    .string({ message: "must be a text" })
    .max(50, "must be at most 50 characters")
    .optional(),
  node_selector: stringList.optional(),
  required_permissions: stringList.optional(),
  resources: manifestResourcesSchema.optional(),
  services: z.array(manifestServiceSchema).optional(),
  tags: stringList.optional(),
  video_encoder: z
    .enum(videoEncoders, { message: "must be gpu, gpu-preferred or software" })
    .optional(),
  watchdog: manifestWatchdogSchema.optional(),
});
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;

/** The fields of an `ApplicationPatch` that make a new version (the others change the application). */
export const versionMakingPatchFields = [
  "boot_activity",
  "bootstrap",
  "features",
  "hooks",
  "manifest_version",
  "required_permissions",
  "services",
  "video_encoder",
  "watchdog",
] as const satisfies readonly (keyof ApplicationPatch)[];

export const applicationVersionPatchSchema = z.strictObject({
  published: z.boolean({ message: "must be true or false" }),
});

export const applicationDeleteSchema = z.strictObject({
  force: z.boolean({ message: "must be true or false" }).optional(),
});

export const applicationsDeleteSchema = z.strictObject({
  ids: z
    .array(z.string({ message: "must be an application id or name" }), {
      message: "must be a list of application ids or names",
    })
    .min(1, "must name at least one application"),
  force: z.boolean({ message: "must be true or false" }).optional(),
});

/** Metadata of an upload (`X-AMS-Request` header): nothing is required for applications. */
export const applicationUploadRequestSchema = z.looseObject({});

/** An application in the registry (AMS `RegistryApplication`). */
export interface AmsRegistryApplication {
  id: string;
  name: string;
  architectures: string[];
  boot_package: string;
  instance_type: string;
  tags: string[];
  versions: Record<string, { created_at: number; manifest_version: string; size: number }>;
  vm: boolean;
}

/** A registry application as a cluster answers it, checked (`GET /1.0/registry/applications`). */
export const amsRegistryApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  architectures: z.array(z.string()),
  boot_package: z.string(),
  instance_type: z.string(),
  tags: z.array(z.string()),
  versions: z.record(
    z.string(),
    z.object({ created_at: z.number(), manifest_version: z.string(), size: z.number() }),
  ),
  vm: z.boolean(),
}) satisfies z.ZodType<AmsRegistryApplication>;

export const registryApplicationTransferSchema = z.strictObject({
  id: z.string({ message: "must be an application id or name" }).min(1, "must not be empty"),
});

export type { ManifestWatchdog };
