import type { FastifyInstance } from "fastify";
import {
  shareCreateSchema,
  type ClusterSession,
  type GatewayJoinResponse,
  type GatewaySession,
  type GatewayShare,
  type SessionJoinResponse,
  type SessionResponse,
  type SessionsListResponse,
  type StreamShare,
} from "@anbox-dashboard/contract";
import type { AuthContext } from "../auth/auth-context.ts";
import { ApiError } from "./api-error.ts";
import { clusterIdOf } from "./instances-input.ts";
import { callCluster } from "./instances-cluster-call.ts";
import { parseInput } from "./parse-input.ts";
import type { JoinGrantee } from "../events/join-grants.ts";
import {
  browserJoin,
  findOnGateways,
  gatewayClusters,
  type GatewayCluster,
} from "./session-gateway.ts";

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

/** A share as the dashboard shows it: the token is the gateway's share id. */
export function toStreamShare(share: GatewayShare): StreamShare {
  return {
    token: share.id,
    url: `/stream/${encodeURIComponent(share.id)}`,
    description: share.description ?? "",
    created_at: share.created_at ?? "",
    expiry_at: share.expiry_at,
  };
}

/**
 * The signed-in user's streaming calls, answered by the clusters' stream gateways with the
 * server's own service-account tokens: list and read sessions, join one (the browser gets a relay
 * path with a single-use join token, never a gateway token), and make or revoke share links.
 */
export function registerSessionRoutes(app: FastifyInstance, context: AuthContext): void {
  const find = (query: unknown, sessionId: string) =>
    findOnGateways<GatewaySession>(
      context.clusters,
      clusterIdOf(query),
      sessionPath(sessionId),
      `No session ${sessionId} on any cluster.`,
    );

  app.get("/api/sessions", async (): Promise<SessionsListResponse> => {
    const lists = await Promise.all(
      gatewayClusters(context.clusters).map(async ({ cluster, gateway }) => {
        const result = await callCluster(cluster, (signal) =>
          gateway.get<GatewaySession[]>("/1.0/sessions?recursion=1&limit=1000", signal),
        );
        return result.metadata.map((session): ClusterSession => ({
          ...session,
          clusterId: cluster.id,
        }));
      }),
    );
    const sessions = lists.flat();
    return { metadata: sessions, total_size: sessions.length };
  });

  app.get<SessionParams>("/api/sessions/:sessionId", async (request): Promise<SessionResponse> => {
    const { at, metadata } = await find(request.query, request.params.sessionId);
    return { metadata: { ...metadata, clusterId: at.cluster.id } };
  });

  app.post<SessionParams>(
    "/api/sessions/:sessionId/join",
    async (request): Promise<SessionJoinResponse> => {
      const { sessionId } = request.params;
      const { at } = await find(request.query, sessionId);
      const user = request.user;
      if (!user) throw new ApiError(401, "You are not signed in.");
      return join(context, at, `${sessionPath(sessionId)}/join`, {
        streamSessionId: sessionId,
        grantee: { kind: "session", sessionId: user.sessionId },
      });
    },
  );

  app.get<SessionParams>(
    "/api/sessions/:sessionId/shares",
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

  app.delete<ShareParams>("/api/shares/:token", async (request, reply) => {
    const path = sharePath(request.params.token);
    const { at } = await findOnGateways<GatewayShare>(
      context.clusters,
      clusterIdOf(request.query),
      path,
      "No such share link: it was revoked already, or never existed.",
    );
    await callCluster(at.cluster, (signal) => at.gateway.delete(path, undefined, signal));
    return reply.code(204).send();
  });
}

const shareTokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

export function sharePath(token: string): string {
  if (!shareTokenPattern.test(token)) {
    throw new ApiError(404, "This share link is not one: check that it was copied whole.");
  }
  return `/1.0/shares/${encodeURIComponent(token)}`;
}

/**
 * Joins through a gateway (a session's join, or a share's) for `grantee`: the signaling relay
 * opens only for them, once (events/join-grants.ts).
 */
export async function join(
  context: AuthContext,
  at: GatewayCluster,
  path: string,
  grant: { streamSessionId: string; grantee: JoinGrantee },
): Promise<SessionJoinResponse> {
  const result = await callCluster(at.cluster, (signal) =>
    at.gateway.post<GatewayJoinResponse>(path, {}, signal),
  );
  const token = joinTokenOf(result.metadata.url);
  if (token !== undefined) {
    context.joinGrants.grant(token, { clusterIndex: at.index, ...grant });
  }
  return browserJoin(at, result.metadata);
}

/** The join token of a gateway's signaling path (`...?token=`); undefined in an absolute URL. */
function joinTokenOf(url: string): string | undefined {
  if (/^wss?:\/\//.test(url)) return undefined;
  return new URL(url, "http://gateway.invalid").searchParams.get("token") ?? undefined;
}
