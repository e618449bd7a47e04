import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "../api/api-error.ts";
import { isSessionLive } from "../store/browser-sessions.ts";
import type { RelayedSocket } from "./two-way-relay.ts";
import { openUpstream, type Upstream, type UpstreamOptions } from "./upstream.ts";
import type { RouteAccess } from "../auth/route-access.ts";

export interface ClusterSocketRoute {
  /** The browser's path, e.g. `/ams/:clusterIndex/1.0/events`. */
  url: string;
  /** Who may open it (route-access.ts); a session by default. */
  access?: RouteAccess;
  /**
   * The cluster and its socket's path for a request (throws an ApiError for a bad one), and the
   * Unix socket of the service that serves it when it is not the cluster's AMS (its gateway).
   */
  target(request: FastifyRequest): { cluster: ClusterHandle; path: string; socketPath?: string };
  /** How the cluster's refusals are worded. */
  upstream?: UpstreamOptions;
  /** Why the browser is closed when its cluster socket is missing at the hand-over. */
  notPrepared: string;
  /** Relays the two sockets until either closes. */
  relay(
    browser: RelayedSocket,
    upstream: Upstream,
    options: { clusterId: string; sessionLive: () => Promise<boolean> },
  ): void;
}

/**
 * A websocket route that relays one of a cluster's sockets (its events, an operation's fd) to the
 * browser. The cluster's socket is opened before the upgrade (after the session gate and the CSRF
 * rule), so that a refusal is a plain HTTP answer with the API's error body and nothing the cluster
 * sends after the browser's socket opened is lost; the session is checked again at every ping.
 */
export function registerClusterSocketRoute(
  app: FastifyInstance,
  context: AuthContext,
  route: ClusterSocketRoute,
): void {
  /** Upstreams opened before the upgrade, until the websocket handler takes them over. */
  const upstreams = new WeakMap<FastifyRequest, Upstream>();

  app.route({
    method: "GET",
    url: route.url,
    config: { access: route.access ?? "session" },
    preValidation: async (request) => {
      const { cluster, path, socketPath = cluster.client.socketPath } = route.target(request);
      if (!request.ws) return;
      const upstream = await openUpstream(
        `ws+unix://${socketPath}:${path}`,
        cluster.id,
        route.upstream,
      );
      if (upstream.kind === "open") {
        // The browser may leave before the handler takes the upstream over: do not leak it.
        const browserSocket = request.raw.socket;
        const dropUpstream = () => {
          if (upstreams.has(request)) upstream.socket.terminate();
        };
        if (browserSocket.destroyed) dropUpstream();
        else browserSocket.once("close", dropUpstream);
      }
      upstreams.set(request, upstream);
    },
    handler: () => {
      throw new ApiError(400, "This is a websocket: connect with a websocket client.");
    },
    wsHandler: (socket, request) => {
      const { cluster } = route.target(request);
      const upstream = upstreams.get(request) ?? {
        kind: "failed",
        code: 1011,
        reason: route.notPrepared,
      };
      upstreams.delete(request);
      const sessionId = request.user?.sessionId;
      route.relay(socket, upstream, {
        clusterId: cluster.id,
        // The session gate let the upgrade in; the session may end while the socket stays open.
        sessionLive: () =>
          sessionId === undefined ? Promise.resolve(false) : isSessionLive(context.db, sessionId),
      });
    },
  });
}
