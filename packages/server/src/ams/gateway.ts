import { z } from "zod";
import {
  gatewayJoinSchema,
  gatewaySessionSchema,
  gatewayShareSchema,
  type GatewayJoinResponse,
  type GatewaySession,
  type GatewayShare,
  type JoinRole,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { GatewayClient } from "../clusters/gateway-client.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { callAndRead } from "./ams-answer.ts";

// A cluster's stream gateway (reference/anbox-api.md section 3): its sessions, their share links
// and joins. Every answer is read with the contract's schema of it.

/** A cluster's stream gateway, with the cluster it belongs to (whose call rules it follows). */
export interface ClusterGateway {
  cluster: ClusterHandle;
  gateway: GatewayClient;
}

/** What a stream gateway's session id can be: letters, digits, '-' and '_', at most 64. */
export const sessionIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const shareTokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** The gateway's path of a session; 400 for an id that cannot be one. */
function sessionPath(sessionId: string): string {
  if (!sessionIdPattern.test(sessionId)) {
    throw new HttpError(400, "A session id is letters, digits, '-' and '_' (at most 64).");
  }
  return `/1.0/sessions/${encodeURIComponent(sessionId)}`;
}

/** The gateway's path of a share link's token; 404 for a token that cannot be one. */
export function sharePath(token: string): string {
  if (!shareTokenPattern.test(token)) {
    throw new HttpError(404, "This is not a share link: check that the link was copied whole.");
  }
  return `/1.0/shares/${encodeURIComponent(token)}`;
}

/** `GET /1.0/sessions?recursion=1&limit=1000`: the gateway's sessions. */
export async function listStreamSessions({
  cluster,
  gateway,
}: ClusterGateway): Promise<GatewaySession[]> {
  const answer = await callAndRead(
    cluster,
    "a list of stream sessions",
    z.array(gatewaySessionSchema),
    (signal) => gateway.get("/1.0/sessions?recursion=1&limit=1000", signal),
  );
  return answer.metadata;
}

/** `GET /1.0/sessions/{id}`: one session; 404 when the gateway has none by that id. */
export async function readStreamSession(
  { cluster, gateway }: ClusterGateway,
  sessionId: string,
): Promise<GatewaySession> {
  const path = sessionPath(sessionId);
  const answer = await callAndRead(cluster, "a stream session", gatewaySessionSchema, (signal) =>
    gateway.get(path, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/shares?recursion=1&session_id=`: a session's share links. */
export async function listShares(
  { cluster, gateway }: ClusterGateway,
  sessionId: string,
): Promise<GatewayShare[]> {
  const query = new URLSearchParams({ recursion: "1", session_id: sessionId });
  const answer = await callAndRead(
    cluster,
    "a list of share links",
    z.array(gatewayShareSchema),
    (signal) => gateway.get(`/1.0/shares?${query.toString()}`, signal),
  );
  return answer.metadata;
}

/** `POST /1.0/sessions/{id}/share`: a new share link of the session. */
export async function createShare(
  { cluster, gateway }: ClusterGateway,
  sessionId: string,
  share: { description: string; expiry_at: string; watchOnly: boolean },
): Promise<GatewayShare> {
  const path = `${sessionPath(sessionId)}/share`;
  // A watch-only link is a share of type `watch` (extension session_viewers).
  const body = {
    type: share.watchOnly ? "watch" : "stream",
    description: share.description,
    expiry_at: share.expiry_at,
  };
  // The gateway's answer to a create is `{id, type, url, expiry_at}` (reference 3.2).
  const answer = await callAndRead(cluster, "a share link", gatewayShareSchema, (signal) =>
    gateway.post(path, body, signal),
  );
  return answer.metadata;
}

/** `GET /1.0/shares/{token}`: one share link; 404 when the gateway has none. */
export async function readShare(
  { cluster, gateway }: ClusterGateway,
  token: string,
): Promise<GatewayShare> {
  const path = sharePath(token);
  const answer = await callAndRead(cluster, "a share link", gatewayShareSchema, (signal) =>
    gateway.get(path, signal),
  );
  return answer.metadata;
}

/** `PATCH /1.0/shares/{token}`: the link's new expiry. */
export async function changeShareExpiry(
  { cluster, gateway }: ClusterGateway,
  token: string,
  expiryAt: string,
): Promise<GatewayShare> {
  const path = sharePath(token);
  const answer = await callAndRead(cluster, "a share link", gatewayShareSchema, (signal) =>
    gateway.patch(path, { expiry_at: expiryAt }, signal),
  );
  return answer.metadata;
}

/** `DELETE /1.0/shares/{token}`: revokes the link. */
export async function deleteShare(
  { cluster, gateway }: ClusterGateway,
  token: string,
): Promise<void> {
  const path = sharePath(token);
  await callCluster(cluster, (signal) => gateway.delete(path, undefined, signal));
}

/**
 * `POST /1.0/sessions/{id}/join` or `POST /1.0/shares/{token}/join`: the signaling socket of the
 * stream, for one viewer (a join disconnects the stream's current one).
 */
export async function joinThroughGateway(
  { cluster, gateway }: ClusterGateway,
  through: { session: string } | { share: string },
  role: JoinRole,
): Promise<GatewayJoinResponse> {
  const path =
    "session" in through
      ? `${sessionPath(through.session)}/join`
      : `${sharePath(through.share)}/join`;
  const answer = await callAndRead(cluster, "a stream join", gatewayJoinSchema, (signal) =>
    gateway.post(path, { role }, signal),
  );
  return answer.metadata;
}

/**
 * Cuts a stream's viewer off, without the cluster call's rules: best effort, from a session that
 * ended. A gateway with viewers (`viewerId` known) cuts that viewer alone; one without is joined
 * (a join disconnects its one client). When it fails, the stream session has ended or its
 * gateway is gone: nothing is left to cut off.
 */
export async function cutOffStreamViewer(
  gateway: GatewayClient,
  streamSessionId: string,
  viewerId: string | undefined,
): Promise<void> {
  const session = `/1.0/sessions/${encodeURIComponent(streamSessionId)}`;
  try {
    if (viewerId === undefined) await gateway.post(`${session}/join`, {});
    else await gateway.delete(`${session}/viewers/${encodeURIComponent(viewerId)}`);
  } catch {
    // Nothing left to cut off.
  }
}
