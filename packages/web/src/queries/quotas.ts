import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchGroupUsage, fetchQuotas } from "../api/quotas.ts";
import { queryKeys } from "../context/query-keys.ts";

/** Usage moves with every create, start and stream: read again when a page that shows it opens. */
const usageFreshMs = 5_000;

export function useQuotas() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.quotas(),
      queryFn: ({ signal }) => fetchQuotas(signal),
      staleTime: usageFreshMs,
    }),
  );
}

export function useGroupUsage(name: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.groupUsage(name),
      queryFn: ({ signal }) => fetchGroupUsage(name, signal),
      staleTime: usageFreshMs,
    }),
  );
}
