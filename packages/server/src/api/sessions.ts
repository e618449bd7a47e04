import type { FastifyInstance } from "fastify";
import {
  shareCreateSchema,
  shareExtendSchema,
  type ClusterSession,
  type SessionJoinResponse,
  type SessionResponse,
  type SessionsListResponse,
  type StreamShare,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { clusterIdOf } from "../input/query-values.ts";
import { listEachCluster, unreachablePart } from "../clusters/each-cluster.ts";

import {
  findOnGateways,
  findShareOnGateways,
  gatewayClusters,
} from "../streaming/gateway-lookup.ts";
import { toStreamShare } from "../streaming/share-links.ts";
import {
  changeShareExpiry,
  createShare,
  deleteShare,
  listShares,
  listStreamSessions,
  readStreamSession,
} from "../ams/gateway.ts";
import { joinStream } from "../streaming/stream-join.ts";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { z } from "zod";
import { bodyOrEmpty, shareTokenParams } from "../input/route-schemas.ts";

const sessionParams = z.object({ sessionId: z.string() }).describe("path");
/**
 * The signed-in user's streaming calls, answered by the clusters' stream gateways with the
 * server's own service-account tokens: list and read sessions, join one (the browser gets a relay
 * path with a single-use join token, never a gateway token), and make or revoke share links.
 */
export function registerSessionRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const find = (query: unknown, sessionId: string) =>
    findOnGateways(
      context.clusters,
      clusterIdOf(query),
      (at) => readStreamSession(at, sessionId),
      `No session ${sessionId} on any cluster.`,
    );
  const findShare = (query: unknown, token: string, notFound: string) =>
    findShareOnGateways(context.clusters, clusterIdOf(query), token, notFound);

  const onTheStream = acts.onOneFoundIn("instance", "can_view");
  const streamIt = acts.onOneFoundIn("instance", "can_stream");
  const shareIt = acts.onOneFoundIn("instance", "can_share");

  app.get(
    "/api/sessions",
    { config: { acts: acts.onEachItem("instance", "can_view") } },
    async (): Promise<SessionsListResponse> => {
      const { items: sessions, unreachable } = await listEachCluster(
        gatewayClusters(context.clusters).map((at) => ({ ...at, id: at.cluster.id })),
        async (at) => {
          const sessions = await listStreamSessions(at);
          return sessions.map((session): ClusterSession => ({
            ...session,
            clusterId: at.cluster.id,
          }));
        },
      );
      return { metadata: sessions, total_size: sessions.length, ...unreachablePart(unreachable) };
    },
  );

  app.get(
    "/api/sessions/:sessionId",
    { schema: { params: sessionParams }, config: { acts: onTheStream } },
    async (request): Promise<SessionResponse> => {
      const { at, metadata } = await find(request.query, request.params.sessionId);
      return { metadata: { ...metadata, clusterId: at.cluster.id } };
    },
  );

  app.post(
    "/api/sessions/:sessionId/join",
    { schema: { params: sessionParams }, config: { acts: streamIt } },
    async (request): Promise<SessionJoinResponse> => {
      const { sessionId } = request.params;
      const { at } = await find(request.query, sessionId);
      const user = signedInUser(request);
      return joinStream(
        context,
        at,
        { session: sessionId },
        {
          streamSessionId: sessionId,
          grantee: { kind: "session", sessionId: user.sessionId },
        },
      );
    },
  );

  app.get(
    "/api/sessions/:sessionId/shares",
    { schema: { params: sessionParams }, config: { acts: shareIt } },
    async (request): Promise<{ metadata: StreamShare[] }> => {
      const { at } = await find(request.query, request.params.sessionId);
      const shares = await listShares(at, request.params.sessionId);
      return { metadata: shares.map(toStreamShare) };
    },
  );

  app.post(
    "/api/sessions/:sessionId/shares",
    {
      schema: { params: sessionParams, body: bodyOrEmpty(shareCreateSchema, "share link") },
      config: { idempotent: true, acts: shareIt },
    },
    async (request, reply): Promise<{ metadata: StreamShare }> => {
      const input = request.body;
      const { at } = await find(request.query, request.params.sessionId);
      const expiry = new Date(Date.now() + input.expires_in_minutes * 60_000).toISOString();
      const share = await createShare(at, request.params.sessionId, {
        description: input.description ?? "",
        expiry_at: expiry,
      });
      void reply.code(201);
      // The gateway's answer to a create is `{id, type, url, expiry_at}` (reference 3.2).
      return {
        metadata: toStreamShare({
          ...share,
          description: share.description ?? input.description ?? "",
          created_at: share.created_at ?? new Date().toISOString(),
        }),
      };
    },
  );

  // Extends a share link (or shortens it): its new expiry, counted from now.
  app.patch(
    "/api/shares/:token",
    {
      schema: { params: shareTokenParams, body: bodyOrEmpty(shareExtendSchema, "share link") },
      config: { acts: shareIt },
    },
    async (request): Promise<{ metadata: StreamShare }> => {
      const input = request.body;
      const { token } = request.params;
      const { at } = await findShare(
        request.query,
        token,
        "No such share link: it was revoked, or never existed.",
      );
      const expiry = new Date(Date.now() + input.expires_in_minutes * 60_000).toISOString();
      return { metadata: toStreamShare(await changeShareExpiry(at, token, expiry)) };
    },
  );

  app.delete(
    "/api/shares/:token",
    { schema: { params: shareTokenParams }, config: { acts: shareIt } },
    async (request, reply) => {
      const { token } = request.params;
      const { at } = await findShare(
        request.query,
        token,
        "No such share link: it was revoked already, or never existed.",
      );
      await deleteShare(at, token);
      return reply.code(204).send();
    },
  );
}
