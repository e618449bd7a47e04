import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { registerClusterSocketRoute, type SocketOwner } from "./cluster-socket-route.ts";
import type { JoinGrant } from "../streaming/join-grants.ts";
import { WatchedStreams } from "../streaming/watched-streams.ts";
import { liveSessionUsers } from "../store/browser-sessions.ts";
import type { EndReason } from "../auth/session-watch.ts";
import { recordStreamCutOff, type StreamViewer } from "../streaming/stream-leave.ts";
import { requestFacts } from "../audit/request-facts.ts";
import { relayBothWays } from "./two-way-relay.ts";
import { signalingSocketPath } from "../ams/sockets.ts";
import { clusterAtIndex } from "../clusters/cluster-at-index.ts";
import { textOf } from "@anbox-dashboard/http-kit";
import { sessionIdPattern } from "../ams/gateway.ts";

/** The owner of a signaling socket: whoever the join was granted to (a signed-in viewer's too). */
interface SignalingOwner extends SocketOwner {
  grant: JoinGrant;
  viewer?: StreamViewer;
}

/**
 * `GET /gateway/{clusterIndex}/1.0/session/{sessionId}/sockets/master?token=` (websocket): a
 * stream's signaling, relayed both ways to the cluster's gateway, which speaks the streaming SDK's
 * protocol with the virtual device (reference section 4.3).
 *
 * Who may connect: whoever holds a join token this dashboard handed out (the signed-in user's
 * join, or a share link's on the public page), once, within its minute, for the stream it was
 * issued for (streaming/join-grants.ts); the gateway checks the same token again. No cookie is read
 * (`token` access), so a page of another site may stream too. A token granted to a browser
 * session opens nothing once that session has ended, and the stream it opens lives only as long
 * as the session: when it ends, the signaling socket closes (4001) and the stream is cut off at
 * the gateway. The browser closes this socket itself once its peer connection is up.
 */
export function registerSignalingRelay(app: FastifyInstance, context: ServerContext): void {
  const watched = new WatchedStreams(context.sessionWatch);
  registerClusterSocketRoute<SignalingOwner>(app, context, {
    url: "/gateway/:clusterIndex/1.0/session/:sessionId/sockets/master",
    access: "token",
    target: (request) => signalingTarget(request, context),
    owner: (request) => signalingOwner(request, context),
    upstream: { stream: "stream's signaling", secret: "Join token" },
    notPrepared: "The stream's signaling was not prepared",
    relay: (browser, upstream, { clusterId }) => relayBothWays(browser, upstream, { clusterId }),
    opened: ({ grant, sessionId, livesBy, viewer }, request) => {
      const at = context.clusters.find((cluster) => cluster.id === grant.clusterId);
      if (sessionId === undefined || !at?.gateway) return;
      // Cut off by the dashboard, the stream's page cannot say it left: this records it.
      const cutOff = (reason: EndReason) => {
        if (viewer === undefined) return;
        recordStreamCutOff(context.db, viewer, reason).catch((error: unknown) => {
          request.log.error({ err: error }, "The end of a stream could not be recorded");
        });
      };
      watched.watch(sessionId, at.gateway, grant.streamSessionId, grant.viewerId, livesBy, cutOff);
    },
  });
}

async function signalingOwner(
  request: FastifyRequest,
  context: ServerContext,
): Promise<SignalingOwner> {
  const sessionId = textOf(request.params, "sessionId");
  const token = textOf(request.query, "token");
  const grant = token !== undefined ? await context.joinGrants.consume(token) : undefined;
  // The path names the cluster by its position: it must be the one whose gateway issued the token.
  const atIndex = clusterAtIndex(request, context.clusters).cluster;
  if (!grant || atIndex?.id !== grant.clusterId || grant.streamSessionId !== sessionId) {
    throw new HttpError(
      403,
      "This join token is not valid here (each works once, for a minute): join the session again.",
    );
  }
  if (grant.grantee.kind === "share") return { sessionId: undefined, grant };
  const browserSession = grant.grantee.sessionId;
  const holder = (await liveSessionUsers(context.db, [browserSession])).get(browserSession);
  if (holder === undefined)
    throw new HttpError(403, "The session that joined this stream has ended: sign in again.");
  if (grant.resource === undefined) return { sessionId: browserSession, grant };
  const viewer: StreamViewer = {
    userId: holder.userId,
    sessionId: browserSession,
    providerGroups: holder.providerGroups,
    stream: { clusterId: grant.clusterId, streamSessionId: grant.streamSessionId },
    resource: grant.resource,
    facts: requestFacts(request),
  };
  const livesBy = { action: "can_stream" as const, resource: grant.resource };
  return { sessionId: browserSession, grant, livesBy, viewer };
}

function signalingTarget(request: FastifyRequest, context: ServerContext) {
  const { index, cluster } = clusterAtIndex(request, context.clusters);
  const sessionId = textOf(request.params, "sessionId");
  if (!cluster?.gateway) {
    throw new HttpError(404, `No stream gateway at cluster index ${index}.`);
  }
  if (sessionId === undefined || !sessionIdPattern.test(sessionId)) {
    throw new HttpError(400, "The session id is not one.");
  }
  const token = textOf(request.query, "token");
  if (token === undefined) {
    throw new HttpError(
      400,
      "The stream's signaling needs its join token: join the session first.",
    );
  }
  return {
    cluster,
    path: signalingSocketPath(sessionId, token),
    endpoint: cluster.gateway.endpoint,
  };
}
