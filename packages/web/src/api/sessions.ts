import type {
  ClusterSession,
  PublicStreamInfo,
  SessionJoinResponse,
  SessionResponse,
  SessionsListResponse,
  ShareCreateInput,
  StreamShare,
  StreamWatching,
} from "@anbox-dashboard/contract";
import { apiFetch, type QueryParams } from "./api-fetch.ts";
import { apiUrl } from "./api-url.ts";

export type { ClusterSession, PublicStreamInfo, SessionJoinResponse, StreamShare };

// The streaming calls: the server joins through the clusters' stream gateways and hands the
// browser a relay path with a single-use join token.

/** `GET /api/sessions`: every session of every cluster with a stream gateway. */
export function fetchSessions(signal?: AbortSignal): Promise<SessionsListResponse> {
  return apiFetch<SessionsListResponse>("/api/sessions", { signal });
}

/** `GET /api/sessions/{id}`: the cluster is found by the server when not given. */
export async function fetchSession(
  sessionId: string,
  clusterId?: string,
  signal?: AbortSignal,
): Promise<ClusterSession> {
  const answer = await apiFetch<SessionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}`, {
    signal,
    params: { clusterId },
  });
  return answer.metadata;
}

/** The leave of the stream page last closed in this tab, which the next join waits for. */
let pendingLeave: Promise<unknown> = Promise.resolve();

/** `POST /api/sessions/{id}/join`: a second viewer takes the stream over from the first. */
export async function joinSession(
  sessionId: string,
  clusterId?: string,
): Promise<SessionJoinResponse> {
  await pendingLeave;
  return apiFetch<SessionJoinResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/join`, {
    method: "POST",
    params: { clusterId },
    body: {},
  });
}

/**
 * Says a stream page left its view: as the tab closes, a beacon (sent even then); as another
 * page of the app opens, a request the next join waits for, so that a quota of one stream lets
 * the user go from one to the next.
 */
function sendLeave(path: string, params: QueryParams, how: "beacon" | "request"): void {
  if (how === "beacon") {
    navigator.sendBeacon(apiUrl({ path, params }));
    return;
  }
  pendingLeave = apiFetch(path, { method: "POST", params, keepalive: true }).catch(() => undefined);
}

/**
 * `POST /api/sessions/{id}/left?view=`: this page stops watching the stream (the audit trail
 * measures how long it was watched; the view stops counting against the viewer's quota, and the
 * stream is cut off at its gateway).
 */
export function reportStreamLeft(
  sessionId: string,
  clusterId: string,
  viewId: string | undefined,
  how: "beacon" | "request",
): void {
  sendLeave(
    `/api/sessions/${encodeURIComponent(sessionId)}/left`,
    { clusterId, view: viewId },
    how,
  );
}

/**
 * `POST /api/sessions/{id}/watching?view=`: this page still plays the stream, so that its view
 * keeps counting (a page that stops saying so stops counting, and may be cut off).
 */
export async function reportStillWatching(
  sessionId: string,
  clusterId: string,
  viewId: string,
): Promise<StreamWatching> {
  return apiFetch<StreamWatching>(`/api/sessions/${encodeURIComponent(sessionId)}/watching`, {
    method: "POST",
    params: { clusterId, view: viewId },
  });
}

/** `POST /api/public/streams/{token}/left?view=`: the shared stream's page left its view. */
export function reportPublicStreamLeft(
  token: string,
  viewId: string | undefined,
  how: "beacon" | "request",
): void {
  sendLeave(`/api/public/streams/${encodeURIComponent(token)}/left`, { view: viewId }, how);
}

/** `POST /api/public/streams/{token}/watching?view=`: the shared stream's page still plays it. */
export async function reportPublicStillWatching(
  token: string,
  viewId: string,
): Promise<StreamWatching> {
  return apiFetch<StreamWatching>(`/api/public/streams/${encodeURIComponent(token)}/watching`, {
    method: "POST",
    params: { view: viewId },
  });
}

/** `GET /api/sessions/{id}/shares`: the share links made for a session's stream. */
export async function fetchShares(
  sessionId: string,
  clusterId: string,
  signal?: AbortSignal,
): Promise<StreamShare[]> {
  const answer = await apiFetch<{ metadata: StreamShare[] }>(
    `/api/sessions/${encodeURIComponent(sessionId)}/shares`,
    { signal, params: { clusterId } },
  );
  return answer.metadata;
}

export async function createShare(
  sessionId: string,
  clusterId: string,
  input: ShareCreateInput,
  idempotencyKey: string,
): Promise<StreamShare> {
  const answer = await apiFetch<{ metadata: StreamShare }>(
    `/api/sessions/${encodeURIComponent(sessionId)}/shares`,
    { method: "POST", params: { clusterId }, body: input, idempotencyKey },
  );
  return answer.metadata;
}

/** Gives a share link a new expiry, `minutes` from now. */
export async function extendShare(
  token: string,
  clusterId: string,
  minutes: number,
): Promise<StreamShare> {
  const answer = await apiFetch<{ metadata: StreamShare }>(
    `/api/shares/${encodeURIComponent(token)}`,
    { method: "PATCH", params: { clusterId }, body: { expires_in_minutes: minutes } },
  );
  return answer.metadata;
}

/** Revokes a share link: its public page stops working at once. */
export function revokeShare(token: string, clusterId: string): Promise<void> {
  return apiFetch<undefined>(`/api/shares/${encodeURIComponent(token)}`, {
    method: "DELETE",
    params: { clusterId },
  });
}

/** `GET /api/public/streams/{token}` (signed out): 404 revoked, 410 expired. */
export async function fetchPublicStream(
  token: string,
  signal?: AbortSignal,
): Promise<PublicStreamInfo> {
  const answer = await apiFetch<{ metadata: PublicStreamInfo }>(
    `/api/public/streams/${encodeURIComponent(token)}`,
    { signal },
  );
  return answer.metadata;
}

export function joinPublicStream(token: string): Promise<SessionJoinResponse> {
  return apiFetch<SessionJoinResponse>(`/api/public/streams/${encodeURIComponent(token)}/join`, {
    method: "POST",
    body: {},
  });
}
