/** The query of an `/api/...` call; a param without a value is left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** A call the app makes, as a path and its query (what `apiUrl` turns into its address). */
export interface ApiCall {
  path: string;
  params?: QueryParams;
}

/**
 * The address of an `/api/...` call: the path on this origin, and the params that have a value,
 * in their order. One function, so that a call started early (api/early-responses.ts) has the very
 * address the app asks for later.
 */
export function apiUrl({ path, params = {} }: ApiCall): URL {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** What every list page asks with: its paging, its sort and its quick search. */
interface PageRequest {
  page?: number | undefined;
  size?: number | undefined;
  order?: string | undefined;
  orderBy?: string | undefined;
  search?: string | undefined;
}

/** A list page's paging, sort and quick search, as every list's query names them ("": none). */
export function pageParams(request: PageRequest): Record<string, string | number | undefined> {
  return {
    page: request.page,
    size: request.size,
    order: request.order,
    orderBy: request.orderBy,
    search: request.search === "" ? undefined : request.search,
  };
}

/** A list param: its values joined by commas, or left out when there are none. */
export function joinedParam(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(",") : undefined;
}
