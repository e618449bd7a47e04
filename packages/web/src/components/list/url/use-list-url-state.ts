import { useCallback, useEffect, useMemo, useRef } from "react";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { ColumnSort } from "../../table/SortableHeader.tsx";
import { readListParams, writeListParams, type ListParams, type PageSize } from "./list-params.ts";
import { isFiltered, readListQuery, type ListQuery, type ListSpec } from "./list-query.ts";
import { changeAddressAtOnce } from "../../../context/app-router.tsx";

/** A list's quick search: the filter typed into it, and how the page it asks for is loaded. */
export interface QuickSearch<FilterKey extends string, Request> {
  key: FilterKey;
  /** The cache key of a page's query: a newer search cancels the request of an older one. */
  queryKey: (request: Request) => QueryKey;
  /** Loads a page into the cache; settles (never fails) once the answer is in. */
  prefetch: (queryClient: QueryClient, request: Request) => Promise<void>;
}

/**
 * Where a list's pages come from. One per list, at module level: the hook's setters depend on it,
 * and a new one each render would render every row again on each keystroke.
 */
export interface ListSource<SortKey extends string, FilterKey extends string, Request> {
  spec: ListSpec<SortKey, FilterKey>;
  /** The server request of the page a query describes. */
  toRequest: (query: ListQuery<SortKey, FilterKey>) => Request;
  /** The list's quick search, written to the URL as it is typed, with its page. */
  search?: QuickSearch<FilterKey, Request>;
}

export interface ListUrlState<SortKey extends string, FilterKey extends string, Request> {
  /** The URL's list params as written (a search keeps the spaces being typed). */
  params: ListParams;
  query: ListQuery<SortKey, FilterKey>;
  request: Request;
  /** Whether a filter narrows the list ("Clear filters" is offered then). */
  filtered: boolean;
  sort: ColumnSort<SortKey>;
  setFilter: (key: FilterKey, values: readonly string[]) => void;
  clearFilters: () => void;
  setSort: (sort: ColumnSort<SortKey>) => void;
  setPage: (page: number) => void;
  setSize: (size: PageSize) => void;
}

/** The query string with one filter set to `values` (none: removed), back on page 1. */
function withFilter(
  current: URLSearchParams,
  key: string,
  values: readonly string[],
): URLSearchParams {
  const kept = values.filter((value) => value.trim() !== "");
  const others = Object.entries(readListParams(current).filters).filter(([field]) => field !== key);
  const filters = Object.fromEntries(kept.length > 0 ? [...others, [key, kept]] : others);
  return writeListParams(current, { filters });
}

/**
 * A list's search, filters, sort and page, kept in the URL (a link or the back button brings them
 * back), and the server request they make. Each change applies to the query string it finds, so
 * that a search written late does not undo a filter picked meanwhile; a change of what is listed
 * goes back to page 1.
 *
 * The quick search is written as it is typed, but only once its page is loaded: the keystroke
 * starts the request, and the URL (with the one render of the list that follows) changes when the
 * answer is in the cache, so that the new rows come with that render instead of a render of the
 * old rows first (bench/instances-page.bench.ts). A search typed meanwhile replaces the pending one
 * and cancels its request; "Clear filters" drops it.
 */
export function useListUrlState<SortKey extends string, FilterKey extends string, Request>(
  source: ListSource<SortKey, FilterKey, Request>,
): ListUrlState<SortKey, FilterKey, Request> {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const query = useMemo(() => readListQuery(source.spec, params), [source, params]);
  const request = useMemo(() => source.toRequest(query), [source, query]);

  // What the URL holds now, for the request of a search; and which search is the latest.
  const latestParams = useRef(searchParams);
  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);
  const latestSearch = useRef(0);
  // The request of the search not yet written, which a newer one makes useless.
  const pendingSearch = useRef<{ request: Request }>(undefined);

  const setFilter = useCallback(
    (key: FilterKey, values: readonly string[]) => {
      const search = source.search;
      if (search?.key !== key) {
        setSearchParams((current) => withFilter(current, key, values));
        return;
      }
      latestSearch.current += 1;
      const thisSearch = latestSearch.current;
      const next = source.toRequest(
        readListQuery(source.spec, readListParams(withFilter(latestParams.current, key, values))),
      );
      if (pendingSearch.current !== undefined) {
        void queryClient.cancelQueries({
          queryKey: search.queryKey(pendingSearch.current.request),
          exact: true,
        });
      }
      pendingSearch.current = { request: next };
      // A failed request is written too: the list's own query then shows why.
      void search.prefetch(queryClient, next).finally(() => {
        if (thisSearch !== latestSearch.current) return;
        pendingSearch.current = undefined;
        // Rendered at once rather than as a transition, which React slices with frames between.
        changeAddressAtOnce(() => {
          // One history entry per keystroke would make the back button replay the typing.
          setSearchParams((current) => withFilter(current, key, values), { replace: true });
        });
      });
    },
    [source, setSearchParams, queryClient],
  );

  const clearFilters = useCallback(() => {
    latestSearch.current += 1;
    setSearchParams((current) => writeListParams(current, { filters: {} }));
  }, [setSearchParams]);

  const setParams = useCallback(
    (changes: Partial<ListParams>) => {
      setSearchParams((current) => writeListParams(current, changes));
    },
    [setSearchParams],
  );
  const setSort = useCallback(
    (sort: ColumnSort<SortKey>) => {
      setParams({ orderBy: sort.orderBy, order: sort.order });
    },
    [setParams],
  );
  const setPage = useCallback(
    (page: number) => {
      setParams({ page });
    },
    [setParams],
  );
  const setSize = useCallback(
    (size: PageSize) => {
      setParams({ size });
    },
    [setParams],
  );

  const sort = useMemo(
    () => ({ orderBy: query.orderBy, order: query.order }),
    [query.orderBy, query.order],
  );
  return {
    params,
    query,
    request,
    filtered: isFiltered(query),
    sort,
    setFilter,
    clearFilters,
    setSort,
    setPage,
    setSize,
  };
}
