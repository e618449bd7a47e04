import { readListParams } from "./list-params.ts";
import { readListQuery } from "./list-query.ts";
import type { ListSource } from "./use-list-url-state.ts";

/**
 * The server request of the list page an address's query string describes: what the list's own
 * `useListUrlState` will ask for once it renders, so that it can be asked for before.
 */
export function listRequestAt<SortKey extends string, FilterKey extends string, Request>(
  source: ListSource<SortKey, FilterKey, Request>,
  search: string,
): Request {
  return source.toRequest(readListQuery(source.spec, readListParams(new URLSearchParams(search))));
}
