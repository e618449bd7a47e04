import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import { fetchInstances, type InstancesListRequest } from "../../../api/instances.ts";
import { queryKeys } from "../../../context/query-keys.ts";

/**
 * One page of instances, as the server sorted, filtered and paged it. The previous page stays on
 * screen while the next one loads (paging, filtering, live refetches), so the table never empties.
 */
export function useInstancesList(request: InstancesListRequest) {
  return useQuery({ ...instancesListQuery(request), placeholderData: keepPreviousData });
}

function instancesListQuery(request: InstancesListRequest) {
  return {
    queryKey: queryKeys.instancesList(request),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchInstances(request, signal),
  };
}

/**
 * Asks for a page before the page renders it: a keystroke of the search starts its request at
 * once instead of after the page has rendered the new URL, and the page's query then finds it in
 * flight (the same key).
 */
export function prefetchInstancesList(
  queryClient: QueryClient,
  request: InstancesListRequest,
): void {
  // A failure shows when the page's own query reports it: nothing to do with it here.
  queryClient.query(instancesListQuery(request)).catch(() => undefined);
}
