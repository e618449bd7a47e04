import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { websocketTarget, type ClusterEndpoint } from "../clusters/cluster-endpoint.ts";
import type { RouteAccess } from "../auth/route-access.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { permissionRevokedCloseCode, sessionEndedCloseCode } from "./close-codes.ts";
import type { EndReason, LivesBy } from "../auth/session-watch.ts";
import type { RelayHandle } from "./relay-handle.ts";
import type { RelayedSocket } from "./two-way-relay.ts";
import { openUpstream, type Upstream, type UpstreamOptions } from "./upstream.ts";
import type { RouteActs } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";

/** Whose socket it is: the browser session it lives and dies with, if any. */
export interface SocketOwner {
  /** The browser session (its id); undefined for a share link's viewer. */
  sessionId: string | undefined;
  /** The permission the socket lives by: it closes when its user no longer holds it. */
  livesBy?: LivesBy | undefined;
}

export interface ClusterSocketRoute<Owner extends SocketOwner = SocketOwner> {
  /** The browser's path, e.g. `/ams/:clusterIndex/1.0/events`. */
  url: string;
  /** Who may open it (route-access.ts); a session by default. */
  access?: RouteAccess;
  /** What a session socket acts on (route-acts.ts); a token socket's key is its token. */
  acts?: RouteActs;
  /** A one-way socket that only reads: it opens while an admin views as someone (view-as.ts). */
  whileViewingAs?: "reads";
  /**
   * The cluster and its socket's path for a request (throws an HttpError for a bad one), and the
   * service that serves it when it is not the cluster's AMS (its gateway).
   */
  target(request: FastifyRequest): {
    cluster: ClusterHandle;
    path: string;
    endpoint?: ClusterEndpoint;
  };
  /**
   * Who opens the socket, decided once before the upgrade (throws an HttpError to refuse it).
   * By default the signed-in user's browser session, which the session gate has checked.
   */
  owner?: (request: FastifyRequest) => Promise<Owner>;
  /** How the cluster's refusals are worded. */
  upstream?: UpstreamOptions;
  /** Why the browser is closed when its cluster socket is missing at the hand-over. */
  notPrepared: string;
  /** Relays the two sockets until either closes, or the handle it returns ends it. */
  relay(
    browser: RelayedSocket,
    upstream: Upstream,
    options: { clusterId: string },
    owner: Owner,
  ): RelayHandle;
  /** Called once the relay runs: what else lives with the owner's session (a stream watched). */
  opened?(owner: Owner, request: FastifyRequest): void;
  /** Called once the browser's socket has closed, after a relay ran (a terminal's end recorded). */
  closed?(owner: Owner, request: FastifyRequest): void;
}

function sessionOwner(request: FastifyRequest): Promise<SocketOwner> {
  return Promise.resolve({ sessionId: signedInUser(request).sessionId });
}

/**
 * A websocket route that relays one of a cluster's sockets (its events, an operation's fd, a
 * stream's signaling) to the browser. The cluster's socket is opened before the upgrade (after the
 * session gate and the CSRF rule), so that a refusal is a plain HTTP answer with the API's error
 * body and nothing the cluster sends after the browser's socket opened is lost. The relay lives
 * only as long as its owner's browser session, and the permission it was opened with: when the
 * session ends it is ended at once (4001), when its user loses the permission too (4003).
 */
export function registerClusterSocketRoute<Owner extends SocketOwner>(
  app: FastifyInstance,
  context: ServerContext,
  route: ClusterSocketRoute<Owner>,
): void {
  /** Upstreams opened before the upgrade, and their owners, until the websocket handler. */
  const prepared = new WeakMap<FastifyRequest, { upstream: Upstream; owner: Owner }>();
  const ownerOf = route.owner ?? (sessionOwner as (request: FastifyRequest) => Promise<Owner>);

  app.route({
    method: "GET",
    url: route.url,
    config: {
      access: route.access ?? "session",
      acts: route.acts,
      whileViewingAs: route.whileViewingAs,
    },
    preValidation: async (request) => {
      const { cluster, path, endpoint = cluster.client.endpoint } = route.target(request);
      if (!request.ws) return;
      const owner = await ownerOf(request);
      const upstream = await openUpstream(
        websocketTarget(endpoint, path),
        cluster.id,
        route.upstream,
      );
      if (upstream.kind === "open") {
        // The browser may leave before the handler takes the upstream over: do not leak it.
        const browserSocket = request.raw.socket;
        const dropUpstream = () => {
          if (prepared.has(request)) upstream.socket.terminate();
        };
        if (browserSocket.destroyed) dropUpstream();
        else browserSocket.once("close", dropUpstream);
      }
      prepared.set(request, { upstream, owner });
    },
    handler: () => {
      throw new HttpError(400, "This is a websocket: connect with a websocket client.");
    },
    wsHandler: (socket, request) => {
      const { cluster } = route.target(request);
      const ready = prepared.get(request);
      prepared.delete(request);
      if (!ready) {
        socket.close(1011, route.notPrepared);
        return;
      }
      const handle = route.relay(socket, ready.upstream, { clusterId: cluster.id }, ready.owner);
      const { sessionId } = ready.owner;
      if (sessionId !== undefined) {
        const release = context.sessionWatch.hold(
          sessionId,
          (reason: EndReason) => {
            if (reason === "session-ended") {
              handle.end(sessionEndedCloseCode, "Your session has ended: sign in again");
            } else {
              handle.end(permissionRevokedCloseCode, "You may no longer do this");
            }
          },
          ready.owner.livesBy,
        );
        socket.on("close", release);
      }
      if (ready.upstream.kind === "open") {
        route.opened?.(ready.owner, request);
        if (route.closed !== undefined) {
          socket.once("close", () => {
            route.closed?.(ready.owner, request);
          });
        }
      }
    },
  });
}
