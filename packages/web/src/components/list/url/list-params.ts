import { defaultListPageSize, listPageSizes } from "@anbox-dashboard/contract";

/** Sort direction of a list. */
export type SortOrder = "asc" | "desc";

/** The page sizes of every list, as the server takes them. */
export const pageSizes = listPageSizes;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = defaultListPageSize;

/** Filters by field: `{ status: ["running", "error"] }`. */
export type ListFilters = Record<string, string[]>;

/** What a list shows, kept in the URL so that a link or the back button brings it back. */
export interface ListParams {
  order?: SortOrder;
  orderBy?: string;
  /** From 1. */
  page: number;
  size: PageSize;
  filters: ListFilters;
  status?: string;
}

/** A filter on field `key` is written `filter.key=value`, once per value. */
const filterPrefix = "filter.";

function nonEmpty(value: string | null): string | undefined {
  return value === null || value === "" ? undefined : value;
}

function isPageSize(value: number): value is PageSize {
  return (pageSizes as readonly number[]).includes(value);
}

/** Reads list params from a query string; anything malformed falls back to the default. */
export function readListParams(search: URLSearchParams): ListParams {
  const order = search.get("order");
  const page = Number(search.get("page"));
  const size = Number(search.get("size"));
  const filters: ListFilters = {};
  for (const [key, value] of search) {
    if (!key.startsWith(filterPrefix) || value === "") continue;
    const field = key.slice(filterPrefix.length);
    if (field === "") continue;
    (filters[field] ??= []).push(value);
  }
  return {
    order: order === "asc" || order === "desc" ? order : undefined,
    orderBy: nonEmpty(search.get("orderBy")),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : defaultPageSize,
    filters,
    status: nonEmpty(search.get("status")),
  };
}

/**
 * Applies changes to a query string and returns the new one (the input is left alone). Defaults
 * are left out of the URL; a change of what is listed (filters, status, size, sort) goes back to
 * page 1, since the old page may no longer exist.
 */
export function writeListParams(
  search: URLSearchParams,
  changes: Partial<ListParams>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const setOrDelete = (key: string, value: string | undefined) => {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  };
  if ("order" in changes) setOrDelete("order", changes.order);
  if ("orderBy" in changes) setOrDelete("orderBy", changes.orderBy);
  if ("status" in changes) setOrDelete("status", changes.status);
  if ("size" in changes) {
    setOrDelete("size", changes.size === defaultPageSize ? undefined : changes.size?.toString());
  }
  if (changes.filters) {
    for (const key of [...next.keys()]) {
      if (key.startsWith(filterPrefix)) next.delete(key);
    }
    for (const [field, values] of Object.entries(changes.filters)) {
      for (const value of values) next.append(`${filterPrefix}${field}`, value);
    }
  }
  const listChanged = ["order", "orderBy", "status", "size", "filters"].some(
    (key) => key in changes,
  );
  const page = changes.page ?? (listChanged ? 1 : undefined);
  if (page !== undefined) setOrDelete("page", page <= 1 ? undefined : page.toString());
  return next;
}
