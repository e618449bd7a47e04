import { z } from "zod";
import { resourcePresetNames } from "../constants/resource-presets.ts";
import { maxStoredInteger, maxStoredIntegerMessage } from "../validation/stored-integer.ts";

// The application manifest (`manifest.yaml` of an application package; reference/anbox-api.md 2.4).
// One schema shared by the cluster (which refuses a bad package) and the dashboard's application
// form (which shows the same messages before anything is uploaded).

export {
  resourcePresetNames,
  resourcePresets,
  type ResourcePreset,
} from "../constants/resource-presets.ts";

export const videoEncoders = ["gpu", "gpu-preferred", "software"] as const;
export type VideoEncoder = (typeof videoEncoders)[number];

/** The smallest memory and disk an application may ask for. */
export const minimumApplicationBytes = 3_000_000_000;

const unitFactors: Record<string, number> = {
  "": 1,
  k: 1e3,
  m: 1e6,
  g: 1e9,
  t: 1e12,
  ki: 1024,
  mi: 1024 ** 2,
  gi: 1024 ** 3,
  ti: 1024 ** 4,
};

/**
 * Bytes of a size such as "3GB", "3G", "2.5GiB" or "4096MB"; undefined when it is not a size, or
 * one past the whole numbers a number holds exactly (9 PB: more than the databases' `bigint`
 * column would take from PostgreSQL, which failed the query).
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]i?)?b?$/i.exec(text.trim());
  if (!match) return undefined;
  const factor = unitFactors[(match[2] ?? "").toLowerCase()];
  if (factor === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * factor);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const forbiddenNameCharacters = /[\s<>:"/\\|?*]/;

export const applicationNameSchema = z
  .string({ message: "must be a text" })
  .min(1, "must not be empty")
  .max(255, "must be at most 255 characters")
  .refine((name) => !forbiddenNameCharacters.test(name), {
    message: 'must not contain spaces or any of < > : " / \\ | ? *',
  });

const byteSizeSchema = z.string({ message: 'must be a size such as "3GB"' }).refine(
  (text) => {
    const bytes = parseByteSize(text);
    return bytes !== undefined && bytes >= minimumApplicationBytes;
  },
  { message: 'must be a size such as "3GB", of at least 3GB and at most 9PB' },
);

const stringList = z.array(z.string({ message: "must be a text" }), {
  message: "must be a list of texts",
});

const wholeNumber = (min: number) =>
  z
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(maxStoredInteger, maxStoredIntegerMessage);

export const manifestResourcesSchema = z.strictObject({
  cpus: wholeNumber(1).optional(),
  memory: byteSizeSchema.optional(),
  "disk-size": byteSizeSchema.optional(),
  "gpu-slots": wholeNumber(0).optional(),
  "gpu-type": z
    .enum(["amd", "intel", "nvidia"], { message: "must be amd, intel or nvidia" })
    .optional(),
  "vpu-slots": wholeNumber(0).optional(),
  no_disk_reserve: z.boolean({ message: "must be true or false" }).optional(),
});

export const manifestWatchdogSchema = z.strictObject({
  disabled: z.boolean({ message: "must be true or false" }).optional(),
  "allowed-packages": stringList.optional(),
});

export const manifestServiceSchema = z.strictObject({
  name: z.string({ message: "must be a text" }).optional(),
  port: wholeNumber(1).max(65535, "must be at most 65535"),
  port_end: wholeNumber(1).max(65535, "must be at most 65535").optional(),
  protocols: z
    .array(z.enum(["tcp", "udp"], { message: "must be tcp or udp" }))
    .min(1, "must name at least one protocol"),
  expose: z.boolean({ message: "must be true or false" }).optional(),
});

/** Where extra data may be installed (the application manifest reference). */
const extraDataTarget = /^\/(sdcard\/Android\/(obb|data)|data\/(app|data))\/[^/]+(\/.*)?$/;

export const manifestExtraDataSchema = z.strictObject({
  target: z.string({ message: "must be a path" }).regex(extraDataTarget, {
    message:
      "must be under /sdcard/Android/obb/<package>, /sdcard/Android/data/<package>, /data/app/<package> or /data/data/<package>",
  }),
  owner: z.string({ message: "must be a text" }).optional(),
  permissions: z
    .string({ message: 'must be octal permissions such as "0644"' })
    .regex(/^[0-7]{3,4}$/, 'must be octal permissions such as "0644"')
    .optional(),
});

export const manifestHooksSchema = z.strictObject({
  timeout: z
    .string({ message: 'must be a duration such as "10m"' })
    .regex(/^\d+(ms|s|m|h)$/, 'must be a duration such as "30s", "10m" or "1h"')
    .optional(),
});

export const manifestBootstrapSchema = z.strictObject({
  keep: stringList.optional(),
});

/** `manifest.yaml`: every key the manifest reference allows; any other key is an error. */
export const applicationManifestSchema = z.strictObject({
  name: applicationNameSchema,
  version: z
    .string({ message: "must be a text" })
    .max(50, "must be at most 50 characters")
    .optional(),
  "instance-type": z
    .enum(resourcePresetNames, {
      message: `must be one of ${resourcePresetNames.join(", ")}`,
    })
    .optional(),
  image: z.string({ message: "must be an image name or id" }).optional(),
  resources: manifestResourcesSchema.optional(),
  "required-permissions": stringList.optional(),
  addons: stringList.optional(),
  tags: stringList.optional(),
  features: stringList.optional(),
  "boot-package": z.string({ message: "must be a package name" }).optional(),
  "boot-activity": z.string({ message: "must be an activity name" }).optional(),
  "video-encoder": z
    .enum(videoEncoders, { message: "must be gpu, gpu-preferred or software" })
    .optional(),
  watchdog: manifestWatchdogSchema.optional(),
  services: z.array(manifestServiceSchema, { message: "must be a list of services" }).optional(),
  "extra-data": z
    .record(z.string(), manifestExtraDataSchema, {
      message: "must map names to {target, owner, permissions}",
    })
    .optional(),
  hooks: manifestHooksSchema.optional(),
  bootstrap: manifestBootstrapSchema.optional(),
  "node-selector": stringList.optional(),
});

export type ApplicationManifest = z.infer<typeof applicationManifestSchema>;
export type ManifestResources = z.infer<typeof manifestResourcesSchema>;
export type ManifestService = z.infer<typeof manifestServiceSchema>;
export type ManifestWatchdog = z.infer<typeof manifestWatchdogSchema>;

/** The tag that marks an automotive (AAOS) application; other applications are mobile. */
export const automotiveApplicationTag = "app_type_automotive";
