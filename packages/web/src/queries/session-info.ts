import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { fetchSessionInfo } from "../api/session-info.ts";
import { queryKeys } from "../context/query-keys.ts";

/** The signed-in user's session info (`GET /api/info`): the user and the feature flags. */
export function sessionInfoQuery() {
  return queryOptions({
    queryKey: queryKeys.info(),
    queryFn: ({ signal }) => fetchSessionInfo(signal),
  });
}

/**
 * Asks for the session info before the signed-in routes render (the app's first address), so that
 * `RequireSession` finds it in the cache or in flight. Its failure shows when that check reports it.
 */
export function preloadSessionInfo(queryClient: QueryClient): void {
  queryClient.query(sessionInfoQuery()).catch(() => undefined);
}

/**
 * The session info. Inside the signed-in routes it has loaded already (`RequireSession` waits for
 * it); its success is what says someone is signed in.
 */
export function useSessionInfo() {
  return useQuery(sessionInfoQuery());
}

/** What one cluster supports (the session info as that cluster answers it). */
export function clusterSessionInfoQuery(clusterId: string) {
  return queryOptions({
    queryKey: queryKeys.clusterInfo(clusterId),
    queryFn: ({ signal }) => fetchSessionInfo(signal, clusterId),
    enabled: clusterId !== "",
  });
}

/** What the cluster supports; idle while no cluster is chosen (""). */
export function useClusterSessionInfo(clusterId: string) {
  return useQuery(clusterSessionInfoQuery(clusterId));
}
