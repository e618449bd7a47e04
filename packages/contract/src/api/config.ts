// The dashboard's `/api/config` calls: one cluster's configuration keys, each described so the
// browser can offer the editor that fits it. The cluster (`GET /1.0/config`) gives only names and
// values, as AMS does; what a key means (type, default, bounds, allowed values) comes from the
// catalogue of AMS keys the dashboard knows (config/config-catalog.ts). A key the catalogue does
// not know is still listed, as text, with `known: false`.
import { z } from "zod";
import { amsConfigValueSchema } from "../ams/config.ts";

/** How a key's value is typed, which decides its editor. */
export const configKeyTypes = ["boolean", "integer", "enum", "duration", "string"] as const;
export type ConfigKeyType = (typeof configKeyTypes)[number];

/** One key of `GET /api/config`. */
export const configKeyViewSchema = z.object({
  /** The full name, e.g. `scheduler.strategy`; the group is what comes before the first dot. */
  name: z.string(),
  value: amsConfigValueSchema,
  type: z.enum(configKeyTypes),
  /** What the cluster uses when the key was never set; absent for a key the dashboard does not know. */
  default: amsConfigValueSchema.optional(),
  /** "" for a key the dashboard does not know. */
  description: z.string(),
  /** Integer keys: the bounds, inclusive. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** Enum keys: the only values accepted. */
  allowed: z.array(z.string()).optional(),
  /** Whether the dashboard's catalogue describes this key. */
  known: z.boolean(),
});
export type ConfigKeyView = z.infer<typeof configKeyViewSchema>;

/** `GET /api/config?clusterId=`: every key of one cluster (the first when none is named), by name. */
export const configResponseSchema = z.object({
  metadata: z.object({
    clusterId: z.string(),
    keys: z.array(configKeyViewSchema),
  }),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;

/**
 * `PATCH /api/config?clusterId=` takes `configPatchSchema` (`{name, value}`, one key at a time, as
 * the cluster does). The server waits for the cluster's operation and answers with the key as it
 * now is; the cluster's refusal is a 400 whose message names the key.
 */
export const configPatchResponseSchema = z.object({
  metadata: configKeyViewSchema,
});
export type ConfigPatchResponse = z.infer<typeof configPatchResponseSchema>;
