import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthContext } from "../auth/auth-context.ts";
import { ApiError } from "../api/api-error.ts";
import { registerClusterSocketRoute } from "./cluster-socket-route.ts";
import { relayBothWays } from "./two-way-relay.ts";

interface SignalingParams {
  clusterIndex?: string;
  sessionId?: string;
}

const sessionIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `GET /gateway/{clusterIndex}/1.0/session/{sessionId}/sockets/master?token=` (websocket): a
 * stream's signaling, relayed both ways to the cluster's gateway, which speaks the streaming SDK's
 * protocol with the virtual device (reference section 4.3).
 *
 * Who may connect: whoever holds the join token the join call returned (the signed-in user's
 * join, or a share link's on the public page). The token is single-use, short-lived and checked by
 * the gateway, which refuses the upgrade without it; no dashboard session is needed, so the relay
 * does not watch one. The browser closes this socket once its peer connection is up.
 */
export function registerSignalingRelay(app: FastifyInstance, context: AuthContext): void {
  registerClusterSocketRoute(app, context, {
    url: "/gateway/:clusterIndex/1.0/session/:sessionId/sockets/master",
    access: "token",
    target: (request) => signalingTarget(request, context),
    upstream: { stream: "stream's signaling", secret: "Join token" },
    notPrepared: "The stream's signaling was not prepared",
    relay: (browser, upstream, { clusterId }) => {
      relayBothWays(browser, upstream, { clusterId });
    },
  });
}

function signalingTarget(request: FastifyRequest, context: AuthContext) {
  const { clusterIndex, sessionId } = request.params as SignalingParams;
  const index = /^\d{1,4}$/.test(clusterIndex ?? "") ? Number(clusterIndex) : -1;
  const cluster = context.clusters[index];
  if (!cluster?.gateway) {
    throw new ApiError(404, `No stream gateway at cluster index ${clusterIndex ?? ""}.`);
  }
  if (sessionId === undefined || !sessionIdPattern.test(sessionId)) {
    throw new ApiError(400, "The session id is not one.");
  }
  const { token } = request.query as { token?: unknown };
  if (typeof token !== "string" || token === "") {
    throw new ApiError(400, "The stream's signaling needs its join token: join the session first.");
  }
  const query = new URLSearchParams({ token });
  return {
    cluster,
    path: `/1.0/session/${sessionId}/sockets/master?${query.toString()}`,
    socketPath: cluster.gateway.socketPath,
  };
}
