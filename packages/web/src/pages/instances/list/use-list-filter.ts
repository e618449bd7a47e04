import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { readListParams, writeListParams } from "../../../util/list-params.ts";
import { instancesListRequest, type InstanceFilterKey } from "./list-request.ts";
import { prefetchInstancesList } from "./use-instances-list.ts";

/**
 * Setters of one filter and of all of them. Each change is applied to the query string it finds,
 * so that a debounced search does not undo a filter picked meanwhile; like every change of what
 * is listed, it goes back to page 1.
 */
export function useListFilter(): {
  setFilter: (key: InstanceFilterKey, values: readonly string[]) => void;
  clearFilters: () => void;
} {
  const [, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const setFilter = useCallback(
    (key: InstanceFilterKey, values: readonly string[]) => {
      setSearchParams(
        (current) => {
          const kept = values.filter((value) => value.trim() !== "");
          const others = Object.entries(readListParams(current).filters).filter(
            ([field]) => field !== key,
          );
          const filters = Object.fromEntries(kept.length > 0 ? [...others, [key, kept]] : others);
          const next = writeListParams(current, { filters });
          prefetchInstancesList(queryClient, instancesListRequest(readListParams(next)));
          return next;
        },
        // The search is written as it is typed: one history entry per keystroke would make the
        // back button replay the typing; and it is applied at once rather than as a transition,
        // which React may hold back while it renders other work (bench/instances-page.bench.ts).
        { replace: key === "search", flushSync: key === "search" },
      );
    },
    [setSearchParams, queryClient],
  );
  const clearFilters = useCallback(() => {
    setSearchParams((current) => writeListParams(current, { filters: {} }));
  }, [setSearchParams]);
  return { setFilter, clearFilters };
}
