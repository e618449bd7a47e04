import { queryOptions, useQuery } from "@tanstack/react-query";
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
