import type { ListParams, PageSize, SortOrder } from "./list-params.ts";

/** How a filter's values read from the URL (`filter.<key>=value`, once per value). */
export type FilterSpec =
  /** Free text, one value: trimmed, cut to `maxLength`. */
  | { kind: "text"; maxLength?: number }
  /** One of the values (a select). */
  | { kind: "one-of"; values: readonly string[] }
  /** Any of the values (a multi-select), in the order of `values`. */
  | { kind: "any-of"; values: readonly string[] }
  /** Free values, all of which must hold (tags): sorted, without repeats. */
  | { kind: "all-of" };

/**
 * What a list takes from the URL: the columns the server sorts by, the default sort, and its
 * filters by URL name. One per list, at module level.
 */
export interface ListSpec<SortKey extends string, FilterKey extends string> {
  sortKeys: readonly SortKey[];
  defaultSort: SortKey;
  /** The direction a column sorts in when it is first picked: times newest first, words A to Z. */
  defaultOrder: (key: SortKey) => SortOrder;
  filters: Readonly<Record<FilterKey, FilterSpec>>;
}

/** A list's URL state, checked against its spec: what its page request is built from. */
export interface ListQuery<SortKey extends string, FilterKey extends string> {
  page: number;
  size: PageSize;
  orderBy: SortKey;
  order: SortOrder;
  /** Only the filters that narrow the list, each with at least one value. */
  filters: Partial<Record<FilterKey, readonly string[]>>;
}

function isOneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return (values as readonly (string | undefined)[]).includes(value);
}

/** The non-blank values, trimmed, without repeats, in the order given. */
function cleanValues(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ""))];
}

function readFilter(spec: FilterSpec, raw: readonly string[]): string[] {
  const values = cleanValues(raw);
  switch (spec.kind) {
    case "text": {
      const first = values[0];
      return first === undefined ? [] : [first.slice(0, spec.maxLength)];
    }
    case "one-of": {
      const first = values.find((value) => spec.values.includes(value));
      return first === undefined ? [] : [first];
    }
    case "any-of":
      return spec.values.filter((value) => values.includes(value));
    case "all-of":
      return values.sort();
  }
}

/**
 * The list state the URL describes. What the server would refuse (an unknown sort key, filter or
 * value) is dropped rather than sent, so that a hand-edited link still lists something; values
 * are put in a fixed order so that the same filters share one cache entry.
 */
export function readListQuery<SortKey extends string, FilterKey extends string>(
  spec: ListSpec<SortKey, FilterKey>,
  params: ListParams,
): ListQuery<SortKey, FilterKey> {
  const orderBy = isOneOf(spec.sortKeys, params.orderBy) ? params.orderBy : spec.defaultSort;
  const filters: Partial<Record<FilterKey, readonly string[]>> = {};
  for (const [key, filterSpec] of Object.entries(spec.filters) as [FilterKey, FilterSpec][]) {
    const values = readFilter(filterSpec, params.filters[key] ?? []);
    if (values.length > 0) filters[key] = values;
  }
  return {
    page: params.page,
    size: params.size,
    orderBy,
    order: params.order ?? spec.defaultOrder(orderBy),
    filters,
  };
}

/** Whether the query narrows the list, so that an empty answer means "no match", not "none". */
export function isFiltered(query: ListQuery<string, string>): boolean {
  return Object.keys(query.filters).length > 0;
}

/** The one value of a text or one-of filter. */
export function filterValue<FilterKey extends string>(
  query: ListQuery<string, FilterKey>,
  key: FilterKey,
): string | undefined {
  return query.filters[key]?.[0];
}

/** The values of a filter, narrowed to the type its spec allows. */
export function filterValues<FilterKey extends string, Value extends string>(
  query: ListQuery<string, FilterKey>,
  key: FilterKey,
  allowed: readonly Value[],
): Value[] {
  return (query.filters[key] ?? []).filter((value) => isOneOf(allowed, value));
}
