import { useCallback, useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { readListParams, writeListParams } from "../../../util/list-params.ts";
import type { InstancesListRequest } from "../../../api/instances.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import { instancesListRequest, type InstanceFilterKey } from "./list-request.ts";
import { prefetchInstancesList } from "./use-instances-list.ts";

/** The query string with one filter set to `values` (none: removed), back on page 1. */
function withFilter(
  current: URLSearchParams,
  key: InstanceFilterKey,
  values: readonly string[],
): URLSearchParams {
  const kept = values.filter((value) => value.trim() !== "");
  const others = Object.entries(readListParams(current).filters).filter(([field]) => field !== key);
  const filters = Object.fromEntries(kept.length > 0 ? [...others, [key, kept]] : others);
  return writeListParams(current, { filters });
}

/**
 * Setters of one filter and of all of them. Each change is applied to the query string it finds,
 * so that a search written late does not undo a filter picked meanwhile; like every change of
 * what is listed, it goes back to page 1.
 *
 * The search is written as it is typed, but only once its page is loaded: the keystroke starts
 * the request, and the URL (with the one render of the page that follows it) changes when the
 * answer is in the cache, so that the new rows come with that render instead of a render of the
 * old rows first (bench/instances-page.bench.ts). A search typed meanwhile replaces the pending
 * one and cancels its request; "Clear filters" drops it.
 */
export function useListFilter(): {
  setFilter: (key: InstanceFilterKey, values: readonly string[]) => void;
  clearFilters: () => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  // What the URL holds now, for the request of a search; and which search is the latest.
  const latestParams = useRef(searchParams);
  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);
  const latestSearch = useRef(0);
  // The request of the search not yet written, which a newer one makes useless.
  const pendingSearch = useRef<InstancesListRequest>(undefined);

  const setFilter = useCallback(
    (key: InstanceFilterKey, values: readonly string[]) => {
      if (key !== "search") {
        setSearchParams((current) => withFilter(current, key, values));
        return;
      }
      latestSearch.current += 1;
      const search = latestSearch.current;
      const request = instancesListRequest(
        readListParams(withFilter(latestParams.current, key, values)),
      );
      if (pendingSearch.current !== undefined) {
        void queryClient.cancelQueries({
          queryKey: queryKeys.instancesList(pendingSearch.current),
          exact: true,
        });
      }
      pendingSearch.current = request;
      // A failed request is written too: the page's own query then shows why.
      void prefetchInstancesList(queryClient, request).finally(() => {
        if (search !== latestSearch.current) return;
        pendingSearch.current = undefined;
        setSearchParams((current) => withFilter(current, key, values), {
          // One history entry per keystroke would make the back button replay the typing; and
          // the page is rendered at once rather than as a transition React may hold back.
          replace: true,
          flushSync: true,
        });
      });
    },
    [setSearchParams, queryClient],
  );
  const clearFilters = useCallback(() => {
    latestSearch.current += 1;
    setSearchParams((current) => writeListParams(current, { filters: {} }));
  }, [setSearchParams]);
  return { setFilter, clearFilters };
}
