import type { SortOrder } from "./list-params.ts";
import type { ListQuery } from "./list-query.ts";

/** What every paged list's request starts with: which page, how long, sorted how. */
export interface PageRequest<SortKey extends string> {
  page: number;
  size: number;
  orderBy: SortKey;
  order: SortOrder;
}

/** The page part of a list's request, before its filters. */
export function pageRequestOf<SortKey extends string>(
  query: ListQuery<SortKey, string>,
): PageRequest<SortKey> {
  return { page: query.page, size: query.size, orderBy: query.orderBy, order: query.order };
}
