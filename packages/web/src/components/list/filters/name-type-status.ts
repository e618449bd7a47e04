import type { FilterSpec, ListQuery } from "../url/list-query.ts";
import { filterValue, filterValues } from "../url/list-query.ts";
import { pageRequestOf, type PageRequest } from "../url/page-request.ts";

/** The filters of a list searched by name, narrowed by type and status (images, applications). */
export type NameTypeStatusFilterKey = "search" | "type" | "status";

/** How such a list reads its filters from the URL. */
export function nameTypeStatusFilterSpecs(
  /** The server refuses a longer search. */
  searchMaxLength: number,
  types: readonly string[],
  statuses: readonly string[],
): Record<NameTypeStatusFilterKey, FilterSpec> {
  return {
    search: { kind: "text", maxLength: searchMaxLength },
    type: { kind: "one-of", values: types },
    status: { kind: "any-of", values: statuses },
  };
}

/** The request of such a list's page: its page part, then the filters that narrow it. */
export interface NameTypeStatusRequest<
  SortKey extends string,
  Type extends string,
  Status extends string,
> extends PageRequest<SortKey> {
  /** A part of the name. */
  search?: string;
  type?: Type;
  status?: readonly Status[];
}

/** The request for the page the list state describes, keeping only the values the server takes. */
export function nameTypeStatusRequestOf<
  SortKey extends string,
  Type extends string,
  Status extends string,
>(
  query: ListQuery<SortKey, NameTypeStatusFilterKey>,
  types: readonly Type[],
  statuses: readonly Status[],
): NameTypeStatusRequest<SortKey, Type, Status> {
  const request: NameTypeStatusRequest<SortKey, Type, Status> = pageRequestOf(query);
  const search = filterValue(query, "search");
  if (search !== undefined) request.search = search;
  const [type] = filterValues(query, "type", types);
  if (type !== undefined) request.type = type;
  const status = filterValues(query, "status", statuses);
  if (status.length > 0) request.status = status;
  return request;
}
