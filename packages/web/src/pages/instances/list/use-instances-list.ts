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
 * Asks for a page before the page renders it (the search's keystrokes), so that the page's query
 * finds it in the cache or in flight (the same key). Settles when the answer is in; a failure
 * shows when the page's own query reports it, so it is not passed on.
 */
export function prefetchInstancesList(
  queryClient: QueryClient,
  request: InstancesListRequest,
): Promise<void> {
  return queryClient.query(instancesListQuery(request)).then(
    () => undefined,
    () => undefined,
  );
}
