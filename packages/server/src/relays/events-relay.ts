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
import { Access, accessOf } from "../auth/access.ts";
import { eventAsSeenBy } from "../auth/visible-events.ts";
import type { SocketOwner } from "./cluster-socket-route.ts";

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
 *
 * Which events: the index counts the clusters the user may see, as their `GET /api/clusters` lists
 * them (a cluster they may not see is at no index). Who views the whole cluster gets every event;
 * who views some of it gets those about what they may view (visible-events.ts), as what they hold
 * changes: each check of the session watch gives the relay their grants again, and the socket
 * closes (4003) once they may see nothing of the cluster.
 */
export async function registerEventsRelay(
  app: FastifyInstance,
  context: ServerContext,
): Promise<void> {
  await registerWebsocketSupport(app);
  registerClusterSocketRoute(app, context, {
    url: "/ams/:clusterIndex/1.0/events",
    // Each event is an item: the relay leaves out those its user may not view.
    acts: acts.onEachItem("cluster", "can_view"),
    // One-way: while an admin views the dashboard as someone, it carries that identity's events.
    whileViewingAs: "reads",
    target: (request) => {
      const { cluster, search } = relayTarget(request, context.clusters);
      return { cluster, path: eventsSocketPath(search) };
    },
    owner: (request) => {
      const { cluster } = relayTarget(request, context.clusters);
      const listener: EventsListener = {
        sessionId: signedInUser(request).sessionId,
        access: accessOf(request),
        livesBy: (grants) => {
          listener.access = new Access(grants);
          return listener.access.maySee(`cluster:${cluster.id}`);
        },
      };
      return Promise.resolve(listener);
    },
    notPrepared: "The events stream was not prepared",
    relay: (browser, upstream, options, listener) =>
      relayEvents(browser, upstream, {
        ...options,
        seenAs: (frame) => eventAsSeenBy(listener.access, options.clusterId, frame),
      }),
  });
}

/** Who listens to a cluster's events, and what they hold now (the session watch renews it). */
interface EventsListener extends SocketOwner {
  access: Access;
}

/**
 * The cluster a request names by its index among those its user may see (404 for one they may
 * not see: it is at no index), its events token and the types asked for.
 */
export function relayTarget(
  request: FastifyRequest,
  clusters: readonly ClusterHandle[],
): RelayTarget {
  const cluster = requireClusterAtIndex(request, accessOf(request).visibleClusters(clusters));
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
