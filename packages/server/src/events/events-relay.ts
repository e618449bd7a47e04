import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyWebsocket from "@fastify/websocket";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "../api/api-error.ts";
import { isSessionLive } from "../store/browser-sessions.ts";
import { relayEvents } from "./relay-socket.ts";
import { openUpstream, type Upstream } from "./upstream.ts";

interface RelayParams {
  clusterIndex?: string;
}

interface RelayQuery {
  secret?: unknown;
  type?: unknown;
}

export interface RelayTarget {
  cluster: ClusterHandle;
  /** The query the cluster's `GET /1.0/events` gets: the browser's token and event types. */
  search: URLSearchParams;
}

/**
 * `GET /ams/{clusterIndex}/1.0/events?secret=<token>[&type=...]` (websocket): relays the events of
 * the cluster at that position of `GET /api/clusters`, as its AMS serves them.
 *
 * Who may listen: the session gate and the CSRF rule run before the upgrade (401 signed out, 403
 * cross-site). The token is required here and checked by the cluster, which issued it: the
 * cluster's Unix socket trusts a caller without one, so a relay that forwarded a request without a
 * secret would bypass it. A refused token closes the browser's socket with 4003.
 */
export async function registerEventsRelay(
  app: FastifyInstance,
  context: AuthContext,
): Promise<void> {
  await registerWebsocketSupport(app);
  /** Upstreams opened before the upgrade, until the websocket handler takes them over. */
  const upstreams = new WeakMap<FastifyRequest, Upstream>();

  app.route({
    method: "GET",
    url: "/ams/:clusterIndex/1.0/events",
    // Before the upgrade (after the session gate): a refusal is a plain HTTP answer with the
    // API's error body. The cluster's socket is opened here too, so that the browser's socket
    // opens only once events flow to it.
    preValidation: async (request) => {
      const { cluster, search } = relayTarget(request, context.clusters);
      if (!request.ws) return;
      const upstream = await openUpstream(
        `ws+unix://${cluster.client.socketPath}:/1.0/events?${search.toString()}`,
        cluster.id,
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
      const { cluster } = relayTarget(request, context.clusters);
      const upstream = upstreams.get(request) ?? {
        kind: "failed",
        code: 1011,
        reason: "The events stream was not prepared",
      };
      upstreams.delete(request);
      const sessionId = request.user?.sessionId;
      relayEvents(socket, upstream, {
        clusterId: cluster.id,
        // The session gate let the upgrade in; the session may end while the socket stays open.
        sessionLive: () =>
          sessionId === undefined ? Promise.resolve(false) : isSessionLive(context.db, sessionId),
      });
    },
  });
}

/**
 * Registers @fastify/websocket once. Call it before any other `onRequest` hook (the session gate,
 * the CSRF rule): the plugin's own hook marks upgrade requests so that a refused handshake's
 * socket is closed after the answer; registered later, a refusal (401, 403) leaves it open.
 */
export async function registerWebsocketSupport(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator("websocketServer")) await app.register(fastifyWebsocket);
}

export function relayTarget(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): RelayTarget {
  const { clusterIndex } = request.params as RelayParams;
  const index = /^\d{1,4}$/.test(clusterIndex ?? "") ? Number(clusterIndex) : -1;
  const cluster = clusters[index];
  if (!cluster) {
    throw new ApiError(404, `No cluster at index ${clusterIndex ?? ""}: see GET /api/clusters.`);
  }
  const { secret, type } = request.query as RelayQuery;
  if (typeof secret !== "string" || secret === "") {
    throw new ApiError(
      403,
      "The events websocket needs a token: pass ?secret= from POST /api/events/auth.",
    );
  }
  const search = new URLSearchParams({ secret });
  if (type !== undefined) {
    if (typeof type !== "string") {
      throw new ApiError(400, "Give type once, as a comma-separated list of event types.");
    }
    search.set("type", type);
  }
  return { cluster, search };
}
