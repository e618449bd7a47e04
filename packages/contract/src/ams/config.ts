import { z } from "zod";

/** A configuration value as `GET /1.0/config` reports it: typed as the key's definition says. */
export const amsConfigValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type AmsConfigValue = z.infer<typeof amsConfigValueSchema>;

/** `GET /1.0/config` metadata. */
export const amsConfigSchema = z.object({
  config: z.record(z.string(), amsConfigValueSchema),
});
export type AmsConfig = z.infer<typeof amsConfigSchema>;

/**
 * `PATCH /1.0/config` (AMS `ConfigPost`): one key at a time. AMS sends the value as a string
 * ("false", "3"); a JSON boolean or number is accepted too.
 */
export const configPatchSchema = z.strictObject({
  name: z
    .string({ message: "must be the name of a configuration key" })
    .min(1, "must not be empty"),
  value: z.union([z.string(), z.number(), z.boolean()], {
    message: "must be a string, number or boolean",
  }),
});
export type ConfigPatch = z.infer<typeof configPatchSchema>;
