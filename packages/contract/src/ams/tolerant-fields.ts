import { z } from "zod";

// The fields of a cluster's answer that an AMS may leave out or send as null (its Go encoder omits
// empty values; older releases lack newer fields), read as the empty value of their type.

export const textOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? "");

export const numberOrZero = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

export const flagOrFalse = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** A field a newer release may send that is not known here (its status, say), read as `fallback`. */
export function oneOfOr<const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
) {
  return z.enum(values).catch(fallback);
}

/** An optional field sent as null, read as absent. */
export function optional<Schema extends z.ZodType>(schema: Schema) {
  return schema.nullish().transform((value) => value ?? undefined);
}

export const textsOrNone = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? []);
