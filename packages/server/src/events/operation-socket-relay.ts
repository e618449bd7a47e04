import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthContext, ClusterHandle } from "../auth/auth-context.ts";
import { ApiError } from "../api/api-error.ts";
import { isSessionLive } from "../store/browser-sessions.ts";
import { registerWebsocketSupport } from "./events-relay.ts";
import { relayBothWays } from "./two-way-relay.ts";
import { openUpstream, type Upstream } from "./upstream.ts";

interface OperationSocketParams {
  clusterIndex?: string;
  operationId?: string;
}

interface OperationSocketTarget {
  cluster: ClusterHandle;
  /** The cluster's path of the socket: `/1.0/operations/{id}/websocket?secret=...`. */
  path: string;
}

const operationIdPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** The relay path of one fd of an operation, as the exec call hands it to the browser. */
export function operationSocketPath(
  clusterIndex: number,
  operationId: string,
  secret: string,
): string {
  const query = new URLSearchParams({ secret });
  return `/ams/${String(clusterIndex)}/1.0/operations/${encodeURIComponent(operationId)}/websocket?${query.toString()}`;
}

/**
 * `GET /ams/{clusterIndex}/1.0/operations/{operationId}/websocket?secret=` (websocket): one fd of a
 * cluster's exec operation (the terminal, or its control socket), relayed both ways.
 *
 * Who may connect: the session gate and the CSRF rule run before the upgrade (401, 403). The
 * secret is required here and checked by the cluster, which issued it with the operation: the
 * cluster's Unix socket trusts its caller, so the relay must never connect without one. The
 * cluster's socket is opened before the browser's upgrade is accepted, so that the terminal's
 * first output (the prompt) is not lost; a secret the cluster refuses closes the browser's
 * socket with 4003, with the cluster's reason.
 */
export async function registerOperationSocketRelay(
  app: FastifyInstance,
  context: AuthContext,
): Promise<void> {
  await registerWebsocketSupport(app);
  /** Upstreams opened before the upgrade, until the websocket handler takes them over. */
  const upstreams = new WeakMap<FastifyRequest, Upstream>();

  app.route({
    method: "GET",
    url: "/ams/:clusterIndex/1.0/operations/:operationId/websocket",
    preValidation: async (request) => {
      const { cluster, path } = operationSocketTarget(request, context.clusters);
      if (!request.ws) return;
      const upstream = await openUpstream(
        `ws+unix://${cluster.client.socketPath}:${path}`,
        cluster.id,
        { stream: "operation's websocket", secret: "Operation secret" },
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
      const { cluster } = operationSocketTarget(request, context.clusters);
      const upstream = upstreams.get(request) ?? {
        kind: "failed",
        code: 1011,
        reason: "The operation's websocket was not prepared",
      };
      upstreams.delete(request);
      const sessionId = request.user?.sessionId;
      relayBothWays(socket, upstream, {
        clusterId: cluster.id,
        // The session gate let the upgrade in; the session may end while the terminal stays open.
        sessionLive: () =>
          sessionId === undefined ? Promise.resolve(false) : isSessionLive(context.db, sessionId),
      });
    },
  });
}

function operationSocketTarget(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): OperationSocketTarget {
  const { clusterIndex, operationId } = request.params as OperationSocketParams;
  const index = /^\d{1,4}$/.test(clusterIndex ?? "") ? Number(clusterIndex) : -1;
  const cluster = clusters[index];
  if (!cluster) {
    throw new ApiError(404, `No cluster at index ${clusterIndex ?? ""}: see GET /api/clusters.`);
  }
  if (operationId === undefined || !operationIdPattern.test(operationId)) {
    throw new ApiError(400, "The operation id is not one: it must be a UUID.");
  }
  const { secret } = request.query as { secret?: unknown };
  if (typeof secret !== "string" || secret === "") {
    throw new ApiError(
      400,
      "The operation's websocket needs its secret: pass ?secret= from the exec call's answer.",
    );
  }
  const query = new URLSearchParams({ secret });
  return {
    cluster,
    path: `/1.0/operations/${operationId}/websocket?${query.toString()}`,
  };
}
