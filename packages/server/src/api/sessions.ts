import type { FastifyInstance } from "fastify";
import {
  shareCreateSchema,
  shareExtendSchema,
  type ClusterSession,
  type GatewaySession,
  type GatewayShare,
  type SessionJoinResponse,
  type SessionResponse,
  type SessionsListResponse,
  type StreamShare,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { ApiError } from "../http/api-error.ts";
import { clusterIdOf } from "../input/query-values.ts";
import { callCluster } from "../clusters/cluster-call.ts";
import { listEachCluster, unreachablePart } from "../clusters/each-cluster.ts";
import { parseInput } from "../input/parse-input.ts";
import { findOnGateways, gatewayClusters } from "../streaming/gateway-lookup.ts";
import { sharePath, toStreamShare } from "../streaming/share-links.ts";
import { joinStream } from "../streaming/stream-join.ts";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";

interface SessionParams {
  Params: { sessionId: string };
}
interface ShareParams {
  Params: { token: string };
}

const sessionIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

function sessionPath(sessionId: string): string {
  if (!sessionIdPattern.test(sessionId)) {
    throw new ApiError(400, "A session id is letters, digits, '-' and '_' (at most 64).");
  }
  return `/1.0/sessions/${encodeURIComponent(sessionId)}`;
}

/**
 * The signed-in user's streaming calls, answered by the clusters' stream gateways with the
 * server's own service-account tokens: list and read sessions, join one (the browser gets a relay
 * path with a single-use join token, never a gateway token), and make or revoke share links.
 */
export function registerSessionRoutes(app: FastifyInstance, context: ServerContext): void {
  const find = (query: unknown, sessionId: string) =>
    findOnGateways<GatewaySession>(
      context.clusters,
      clusterIdOf(query),
      sessionPath(sessionId),
      `No session ${sessionId} on any cluster.`,
    );

  const onTheStream = acts.onOneFoundIn("instance", "can_view");
  const streamIt = acts.onOneFoundIn("instance", "can_stream");
  const shareIt = acts.onOneFoundIn("instance", "can_share");

  app.get(
    "/api/sessions",
    { config: { acts: acts.onEachItem("instance", "can_view") } },
    async (): Promise<SessionsListResponse> => {
      const { items: sessions, unreachable } = await listEachCluster(
        gatewayClusters(context.clusters).map((at) => ({ ...at, id: at.cluster.id })),
        async ({ cluster, gateway }) => {
          const result = await callCluster(cluster, (signal) =>
            gateway.get<GatewaySession[]>("/1.0/sessions?recursion=1&limit=1000", signal),
          );
          return result.metadata.map((session): ClusterSession => ({
            ...session,
            clusterId: cluster.id,
          }));
        },
      );
      return { metadata: sessions, total_size: sessions.length, ...unreachablePart(unreachable) };
    },
  );

  app.get<SessionParams>(
    "/api/sessions/:sessionId",
    { config: { acts: onTheStream } },
    async (request): Promise<SessionResponse> => {
      const { at, metadata } = await find(request.query, request.params.sessionId);
      return { metadata: { ...metadata, clusterId: at.cluster.id } };
    },
  );

  app.post<SessionParams>(
    "/api/sessions/:sessionId/join",
    { config: { acts: streamIt } },
    async (request): Promise<SessionJoinResponse> => {
      const { sessionId } = request.params;
      const { at } = await find(request.query, sessionId);
      const user = signedInUser(request);
      return joinStream(context, at, `${sessionPath(sessionId)}/join`, {
        streamSessionId: sessionId,
        grantee: { kind: "session", sessionId: user.sessionId },
      });
    },
  );

  app.get<SessionParams>(
    "/api/sessions/:sessionId/shares",
    { config: { acts: shareIt } },
    async (request): Promise<{ metadata: StreamShare[] }> => {
      const { at } = await find(request.query, request.params.sessionId);
      const query = new URLSearchParams({ recursion: "1", session_id: request.params.sessionId });
      const result = await callCluster(at.cluster, (signal) =>
        at.gateway.get<GatewayShare[]>(`/1.0/shares?${query.toString()}`, signal),
      );
      return { metadata: result.metadata.map(toStreamShare) };
    },
  );

  app.post<SessionParams>(
    "/api/sessions/:sessionId/shares",
    { config: { idempotent: true, acts: shareIt } },
    async (request, reply): Promise<{ metadata: StreamShare }> => {
      const input = parseInput(shareCreateSchema, request.body ?? {}, "share link");
      const { at } = await find(request.query, request.params.sessionId);
      const expiry = new Date(Date.now() + input.expires_in_minutes * 60_000).toISOString();
      const result = await callCluster(at.cluster, (signal) =>
        at.gateway.post<GatewayShare>(
          `${sessionPath(request.params.sessionId)}/share`,
          { type: "stream", description: input.description ?? "", expiry_at: expiry },
          signal,
        ),
      );
      void reply.code(201);
      // The gateway's answer to a create is `{id, type, url, expiry_at}` (reference 3.2).
      return {
        metadata: toStreamShare({
          ...result.metadata,
          description: result.metadata.description ?? input.description ?? "",
          created_at: result.metadata.created_at ?? new Date().toISOString(),
        }),
      };
    },
  );

  // Extends a share link (or shortens it): its new expiry, counted from now.
  app.patch<ShareParams>(
    "/api/shares/:token",
    { config: { acts: shareIt } },
    async (request): Promise<{ metadata: StreamShare }> => {
      const input = parseInput(shareExtendSchema, request.body ?? {}, "share link");
      const path = sharePath(request.params.token);
      const { at } = await findOnGateways<GatewayShare>(
        context.clusters,
        clusterIdOf(request.query),
        path,
        "No such share link: it was revoked, or never existed.",
      );
      const expiry = new Date(Date.now() + input.expires_in_minutes * 60_000).toISOString();
      const result = await callCluster(at.cluster, (signal) =>
        at.gateway.patch<GatewayShare>(path, { expiry_at: expiry }, signal),
      );
      return { metadata: toStreamShare(result.metadata) };
    },
  );

  app.delete<ShareParams>(
    "/api/shares/:token",
    { config: { acts: shareIt } },
    async (request, reply) => {
      const path = sharePath(request.params.token);
      const { at } = await findOnGateways<GatewayShare>(
        context.clusters,
        clusterIdOf(request.query),
        path,
        "No such share link: it was revoked already, or never existed.",
      );
      await callCluster(at.cluster, (signal) => at.gateway.delete(path, undefined, signal));
      return reply.code(204).send();
    },
  );
}
