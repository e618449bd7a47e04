import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../api/api-fetch.ts";
import { fetchInstance, fetchInstanceLog, fetchInstanceLogs } from "../../../api/instances.ts";
import { queryKeys } from "../../../context/query-keys.ts";

// The instance page's server data. Lifecycle events invalidate every ["instances"] query, so each
// of these refetches when the instance changes; the data already shown stays while they do.

/** One instance, by its cluster and id. */
export function useInstance(clusterId: string, id: string) {
  return useQuery({
    queryKey: queryKeys.instance(clusterId, id),
    queryFn: ({ signal }) => fetchInstance(clusterId, id, signal),
  });
}

/** The names of an instance's logs, sorted (without changing the cached list). */
export function useInstanceLogNames(clusterId: string, id: string) {
  return useQuery({
    queryKey: queryKeys.instanceLogs(clusterId, id),
    queryFn: ({ signal }) => fetchInstanceLogs(clusterId, id, signal),
    select: sortedNames,
  });
}

// Stable, so that the sorted list is computed only when the names change.
const sortedNames = (names: string[]) => names.toSorted((a, b) => a.localeCompare(b));

/** The text of one log (also fetched through the query client by "Download all"). */
export function instanceLogQuery(clusterId: string, id: string, name: string) {
  return queryOptions({
    queryKey: queryKeys.instanceLog(clusterId, id, name),
    queryFn: ({ signal }) => fetchInstanceLog(clusterId, id, name, signal),
  });
}

export function useInstanceLog(clusterId: string, id: string, name: string) {
  return useQuery(instanceLogQuery(clusterId, id, name));
}

/** Whether a failed read means the instance is not there (deleted, or a wrong link). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
