import type { FastifyInstance } from "fastify";
import {
  sessionJoinBodySchema,
  shareCreateSchema,
  shareExtendSchema,
  type ClusterSession,
  type SessionJoinResponse,
  type SessionResponse,
  type SessionsListResponse,
  type StreamShare,
  type StreamWatching,
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
  cutOffStreamViewer,
  deleteShare,
  listShares,
  listStreamSessions,
  readStreamSession,
} from "../ams/gateway.ts";
import { joinStream } from "../streaming/stream-join.ts";
import { joinWithinQuota } from "../quotas/stream-quotas.ts";
import { quotaGroupNamesOf } from "../quotas/quota-groups.ts";
import { forgetShare, recordShareMaker } from "../store/stream-shares.ts";
import { endView, stillWatching } from "../store/stream-views.ts";
import { acts } from "../auth/route-acts.ts";
import { noteAudit } from "../audit/audit-note.ts";
import { watchedFor } from "../streaming/stream-leave.ts";
import { accessOf } from "../auth/access.ts";
import type { FastifyRequest } from "fastify";
import type { Entitlement, GatewaySession, ResourceName } from "@anbox-dashboard/contract";
import type { GatewayCluster } from "../streaming/gateway-lookup.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { z } from "zod";
import { bodyOrEmpty, shareTokenParams, viewIdSchema, viewQuery } from "../input/route-schemas.ts";

const sessionParams = z.object({ sessionId: z.string() }).describe("path");
const leftQuery = z.looseObject({ view: viewIdSchema.optional() }).describe("query");
/** The instance a stream session shows: what access to the session is decided on. */
function instanceOfSession(at: GatewayCluster, session: GatewaySession): ResourceName {
  return `instance:${at.cluster.id}/${session.container_id}`;
}

/**
 * The signed-in user's streaming calls, answered by the clusters' stream gateways with the
 * server's own service-account tokens: list and read sessions, join one (the browser gets a relay
 * path with a single-use join token, never a gateway token), and make or revoke share links. Each
 * is decided on the session's instance (`can_view`, `can_stream`, `can_share`); a session of an
 * instance the user may not view is answered as one that does not exist.
 */
export function registerSessionRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  const find = async (request: FastifyRequest, sessionId: string, action: Entitlement) => {
    const notFound = `No session ${sessionId} on any cluster.`;
    const found = await findOnGateways(
      context.clusters,
      clusterIdOf(request.query),
      (at) => readStreamSession(at, sessionId),
      notFound,
    );
    const resource = instanceOfSession(found.at, found.metadata);
    noteAudit(request, { resource });
    accessOf(request).require(action, resource, notFound);
    return found;
  };
  /** A share link, decided on its session's instance (on its cluster when it names no session). */
  const findShare = async (request: FastifyRequest, token: string, notFound: string) => {
    const found = await findShareOnGateways(
      context.clusters,
      clusterIdOf(request.query),
      token,
      notFound,
    );
    const sessionId = found.metadata.session_id;
    const resource: ResourceName =
      sessionId === undefined
        ? `cluster:${found.at.cluster.id}`
        : instanceOfSession(found.at, await readStreamSession(found.at, sessionId));
    noteAudit(request, { resource });
    accessOf(request).require("can_share", resource, notFound);
    return found;
  };

  const onTheStream = acts.onOneFoundIn("instance", "can_view");
  const streamIt = acts.onOneFoundIn("instance", "can_stream");
  const shareIt = acts.onOneFoundIn("instance", "can_share");

  app.get(
    "/api/sessions",
    { config: { acts: acts.onEachItem("instance", "can_view") } },
    async (request): Promise<SessionsListResponse> => {
      const access = accessOf(request);
      const { items: sessions, unreachable } = await listEachCluster(
        gatewayClusters(context.clusters)
          .filter((at) => access.maySee(`cluster:${at.cluster.id}`))
          .map((at) => ({ ...at, id: at.cluster.id })),
        async (at) => {
          const sessions = await listStreamSessions(at);
          return sessions
            .filter((session) => access.allows("can_view", instanceOfSession(at, session)))
            .map((session): ClusterSession => ({ ...session, clusterId: at.cluster.id }));
        },
      );
      return { metadata: sessions, total_size: sessions.length, ...unreachablePart(unreachable) };
    },
  );

  app.get(
    "/api/sessions/:sessionId",
    { schema: { params: sessionParams }, config: { acts: onTheStream } },
    async (request): Promise<SessionResponse> => {
      const { at, metadata } = await find(request, request.params.sessionId, "can_view");
      return { metadata: { ...metadata, clusterId: at.cluster.id } };
    },
  );

  app.post(
    "/api/sessions/:sessionId/join",
    {
      schema: { params: sessionParams, body: bodyOrEmpty(sessionJoinBodySchema, "join") },
      config: { acts: streamIt },
    },
    async (request): Promise<SessionJoinResponse> => {
      const { sessionId } = request.params;
      noteAudit(request, { action: "stream-joined", detail: `stream session ${sessionId}` });
      const { at, metadata } = await find(request, sessionId, "can_stream");
      const user = signedInUser(request);
      const stream = { clusterId: at.cluster.id, streamSessionId: sessionId };
      const { joined, viewId } = await joinWithinQuota(context, request, stream, () =>
        joinStream(
          context,
          at,
          { session: sessionId },
          {
            streamSessionId: sessionId,
            grantee: { kind: "session", sessionId: user.sessionId },
            resource: instanceOfSession(at, metadata),
          },
          // Beside the stream's viewers; in control when nobody is (the page can take it).
          request.body.role ?? "auto",
        ),
      );
      return { ...joined, view_id: viewId };
    },
  );

  // The stream page still plays it (every minute): its view keeps counting against the viewer's
  // concurrent-streams quota; one not heard of for three minutes stops (store/stream-views.ts).
  // Recorded in no audit entry: it changes nothing but that view's time.
  app.post(
    "/api/sessions/:sessionId/watching",
    {
      schema: { params: sessionParams, querystring: viewQuery },
      config: { acts: onTheStream, audit: false },
    },
    async (request): Promise<StreamWatching> => {
      const { sessionId } = request.params;
      const { at } = await find(request, sessionId, "can_view");
      const stream = { clusterId: at.cluster.id, streamSessionId: sessionId };
      return { watching: await stillWatching(context.db, request.query.view, stream) };
    },
  );

  // The stream page says it left (its tab closed, or another page opened): how long it was
  // watched is measured here, from this identity's last join of that instance's stream.
  // With its view (`?view=`, the join's), the view ends, and so does the stream at the gateway:
  // a page that says it left cannot play on outside the quota. Without it (a client of before),
  // nothing but the entry.
  app.post(
    "/api/sessions/:sessionId/left",
    { schema: { params: sessionParams, querystring: leftQuery }, config: { acts: onTheStream } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const { at, metadata } = await find(request, sessionId, "can_view");
      const user = signedInUser(request);
      const watched = await watchedFor(context.db, user.id, instanceOfSession(at, metadata));
      const stream = { clusterId: at.cluster.id, streamSessionId: sessionId };
      const { view } = request.query;
      const ended =
        view === undefined ? undefined : await endView(context.db, view, stream, user.sessionId);
      if (ended !== undefined)
        await cutOffStreamViewer(at.gateway, sessionId, ended.viewerId || undefined);
      noteAudit(request, {
        action: "stream-left",
        detail: `stream session ${sessionId}, ${watched}${view !== undefined && ended === undefined ? " (its view had ended already)" : ""}`,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/sessions/:sessionId/shares",
    { schema: { params: sessionParams }, config: { acts: shareIt } },
    async (request): Promise<{ metadata: StreamShare[] }> => {
      const { at } = await find(request, request.params.sessionId, "can_share");
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
      noteAudit(request, {
        action: "share-link-created",
        detail: `${input.watch_only === true ? "watch only, " : ""}for ${String(input.expires_in_minutes)} minutes${input.description ? ` ("${input.description}")` : ""}`,
      });
      const { at } = await find(request, request.params.sessionId, "can_share");
      const expiry = new Date(Date.now() + input.expires_in_minutes * 60_000).toISOString();
      const share = await createShare(at, request.params.sessionId, {
        description: input.description ?? "",
        expiry_at: expiry,
        watchOnly: input.watch_only ?? false,
      });
      // Its viewers count against its maker's quota.
      const maker = signedInUser(request);
      const groups = await quotaGroupNamesOf(context.db, maker);
      await recordShareMaker(context.db, share.id, { userId: maker.id, groups });
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
      noteAudit(request, {
        action: "share-link-extended",
        detail: `to ${String(input.expires_in_minutes)} minutes from now`,
      });
      const { at } = await findShare(
        request,
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
      noteAudit(request, { action: "share-link-revoked" });
      const { at } = await findShare(
        request,
        token,
        "No such share link: it was revoked already, or never existed.",
      );
      await deleteShare(at, token);
      await forgetShare(context.db, token);
      return reply.code(204).send();
    },
  );
}
