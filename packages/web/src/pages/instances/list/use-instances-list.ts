import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchInstances, type InstancesListRequest } from "../../../api/instances.ts";
import { queryKeys } from "../../../context/query-keys.ts";

/**
 * One page of instances, as the server sorted, filtered and paged it. The previous page stays on
 * screen while the next one loads (paging, filtering, live refetches), so the table never empties.
 */
export function useInstancesList(request: InstancesListRequest) {
  return useQuery({
    queryKey: queryKeys.instancesList(request),
    queryFn: ({ signal }) => fetchInstances(request, signal),
    placeholderData: keepPreviousData,
  });
}
