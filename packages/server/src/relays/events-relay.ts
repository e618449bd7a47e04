import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerContext } from "../server-context.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import { registerClusterSocketRoute } from "./cluster-socket-route.ts";
import { relayEvents } from "./one-way-relay.ts";
import { registerWebsocketSupport } from "./websocket-support.ts";
import { acts } from "../auth/route-acts.ts";
import { eventsSocketPath } from "../ams/sockets.ts";
import { requireClusterAtIndex } from "../clusters/cluster-at-index.ts";
import { fieldsOf } from "@anbox-dashboard/http-kit";
import { signedInUser } from "../auth/signed-in-user.ts";

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
  context: ServerContext,
): Promise<void> {
  await registerWebsocketSupport(app);
  registerClusterSocketRoute(app, context, {
    url: "/ams/:clusterIndex/1.0/events",
    // The whole cluster's events: who may view only some of it gets none yet (issue 37, to do).
    acts: acts.onCluster("can_view"),
    target: (request) => {
      const { cluster, search } = relayTarget(request, context.clusters);
      return { cluster, path: eventsSocketPath(search) };
    },
    // It closes once its user may not view the cluster any more.
    owner: (request) => {
      const { cluster } = relayTarget(request, context.clusters);
      return Promise.resolve({
        sessionId: signedInUser(request).sessionId,
        livesBy: { action: "can_view", resource: `cluster:${cluster.id}` },
      });
    },
    notPrepared: "The events stream was not prepared",
    relay: relayEvents,
  });
}

export function relayTarget(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): RelayTarget {
  const cluster = requireClusterAtIndex(request, clusters);
  const { secret, type } = fieldsOf(request.query);
  if (typeof secret !== "string" || secret === "") {
    throw new HttpError(
      403,
      "The events websocket needs a token: pass ?secret= from POST /api/events/auth.",
    );
  }
  const search = new URLSearchParams({ secret });
  if (type !== undefined) {
    if (typeof type !== "string") {
      throw new HttpError(400, "Give type once, as a comma-separated list of event types.");
    }
    search.set("type", type);
  }
  return { cluster, search };
}
