// The paging and sorting parameters every list call of `/api` shares (SPEC section 9: pages of
// 30, 50 or 100, 30 by default), each with a message that names the parameter.
import { z } from "zod";

import { defaultListPageSize, listPageSizes } from "../constants/list-pages.ts";

export { defaultListPageSize, listPageSizes };

/** `page`: a whole number from 1 (1 when absent). */
export const pageQueryField = z
  .string({ message: "page must be a whole number" })
  .regex(/^\d+$/, "page must be a whole number")
  .transform(Number)
  .refine((page) => page >= 1, "page must be at least 1")
  .default(1);

/** `size`: one of the page sizes (the default when absent). */
export const sizeQueryField = z
  .enum(["30", "50", "100"], { message: "size must be 30, 50 or 100" })
  .transform(Number)
  .default(defaultListPageSize);

/** `order`: asc (when absent) or desc. */
export const orderQueryField = z
  .enum(["asc", "desc"], { message: "order must be asc or desc" })
  .default("asc");

/** The items of a comma-joined list, trimmed, the empty ones dropped. */
function commaSeparated(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A comma-joined list parameter (`tags=a,b`); `name` names it in the message of a repeated one. */
export function commaList(name: string) {
  return z
    .string({ message: `${name} must be given once, as a comma-joined list` })
    .transform(commaSeparated);
}

/**
 * A comma-joined list of allowed values (`status=running,stopped`), typed as them: a value not
 * allowed is refused with a message that names the parameter and the values it takes.
 */
export function commaListOf<T extends string>(name: string, allowed: readonly T[]) {
  const isAllowed = (value: string): value is T => (allowed as readonly string[]).includes(value);
  return commaList(name).transform((values, context) => {
    const known = values.filter(isAllowed);
    if (known.length < values.length) {
      context.addIssue({
        code: "custom",
        message: `${name} must be a comma-joined list of ${allowed.join(", ")}`,
      });
      return z.NEVER;
    }
    return known;
  });
}

/** `subclusters`: the clusters to list, comma-joined (all when absent), checked by the server. */
export const subclustersField = z
  .string({ message: "subclusters must be given once, as a comma-joined list of cluster ids" })
  .optional();

/** An array field of a list's request as a client holds it: it may hand over a readonly one. */
type ReadonlyList<V> = V extends readonly (infer Item)[] ? readonly Item[] : V;

/**
 * What a client asks a list for: the list's query as the server reads it (`z.output` of its
 * schema: numbers, typed lists, booleans), its clusters as a list (`clusterIds`, sent as
 * `subclusters`).
 */
export type ListRequest<Parsed extends object> = ReadonlyLists<Omit<Parsed, "subclusters">> & {
  clusterIds?: readonly string[];
};

/** Each field as it was (optional where it was), its arrays readonly. */
type ReadonlyLists<Fields> = { [Field in keyof Fields]: ReadonlyList<Fields[Field]> };

/**
 * The paging and sorting fields of a list's query: `page`, `size`, `order`, and `orderBy` among
 * the list's sort keys (`defaultOrderBy` when absent), each message naming its parameter.
 */
export function pagedListFields<Key extends string>(
  orderKeys: readonly [Key, ...Key[]],
  defaultOrderBy: NoInfer<Key>,
) {
  return {
    page: pageQueryField,
    size: sizeQueryField,
    order: orderQueryField,
    orderBy: z
      .enum(orderKeys, { message: `orderBy must be one of ${orderKeys.join(", ")}` })
      .default(defaultOrderBy),
  };
}

/** `search`: a part of what the list shows (`what`), at most `maxLength` characters. */
export function searchField(maxLength: number, what = "a part of a name") {
  return z
    .string({ message: `search must be given once, as ${what}` })
    .max(maxLength, `search must be at most ${String(maxLength)} characters`)
    .optional();
}
