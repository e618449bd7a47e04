import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ShareCreateInput } from "@anbox-dashboard/contract";
import {
  createShare,
  fetchPublicStream,
  fetchSession,
  fetchSessions,
  fetchShares,
  revokeShare,
  extendShare,
} from "../api/sessions.ts";
import { queryKeys } from "../context/query-keys.ts";

/** How often a session that is not streamable yet (its instance booting) is looked at again. */
const waitingRefetchMs = 2_000;

/** Every session of every cluster with a stream gateway (the VDI desktops). */
export function sessionsListQuery() {
  return queryOptions({
    queryKey: queryKeys.sessionsList(),
    queryFn: ({ signal }) => fetchSessions(signal),
  });
}

export function useSessions() {
  return useQuery(sessionsListQuery());
}

/**
 * A session, on the cluster `clusterParam` names (`?clusterId=`, "" when the link does not say:
 * the server finds it), read again while its instance boots so that the stream opens once it runs.
 */
export function sessionQuery(sessionId: string, clusterParam: string) {
  return queryOptions({
    queryKey: queryKeys.session(sessionId, clusterParam),
    queryFn: ({ signal }) =>
      fetchSession(sessionId, clusterParam === "" ? undefined : clusterParam, signal),
    refetchInterval: (query) => (query.state.data?.status === "created" ? waitingRefetchMs : false),
  });
}

export function useSession(sessionId: string, clusterParam: string) {
  return useQuery(sessionQuery(sessionId, clusterParam));
}

/** The share links made for a session's stream. */
export function sessionSharesQuery(sessionId: string, clusterId: string) {
  return queryOptions({
    queryKey: queryKeys.sessionShares(sessionId, clusterId),
    queryFn: ({ signal }) => fetchShares(sessionId, clusterId, signal),
  });
}

export function useSessionShares(sessionId: string, clusterId: string) {
  return useQuery(sessionSharesQuery(sessionId, clusterId));
}

/** Makes a share link for the stream; the list of links is read again. */
export function useCreateShare(sessionId: string, clusterId: string) {
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: ShareCreateInput & { idempotencyKey: string }) =>
      createShare(sessionId, clusterId, input, idempotencyKey),
    meta: { invalidates: [queryKeys.sessionShares(sessionId, clusterId)] },
  });
}

/** Revokes a share link (by its token): its public page stops working at once. */
export function useExtendShare(sessionId: string, clusterId: string) {
  return useMutation({
    mutationFn: ({ token, minutes }: { token: string; minutes: number }) =>
      extendShare(token, clusterId, minutes),
    meta: { invalidates: [queryKeys.sessionShares(sessionId, clusterId)] },
  });
}

export function useRevokeShare(sessionId: string, clusterId: string) {
  return useMutation({
    mutationFn: (token: string) => revokeShare(token, clusterId),
    meta: { invalidates: [queryKeys.sessionShares(sessionId, clusterId)] },
  });
}

/** A stream shared by link (public). */
export function publicStreamQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.publicStream(token),
    queryFn: ({ signal }) => fetchPublicStream(token, signal),
    // A 404 (revoked) or 410 (expired) is an answer, not a failure to retry.
    retry: false,
  });
}

export function usePublicStream(token: string) {
  return useQuery(publicStreamQuery(token));
}
