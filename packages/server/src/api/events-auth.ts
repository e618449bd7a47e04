import type { FastifyInstance } from "fastify";
import type { EventsAuthResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { requireCluster } from "../clusters/choose-cluster.ts";
import { issueEventsToken } from "../ams/service.ts";
import { acts } from "../auth/route-acts.ts";
import { clusterIdOf } from "../input/query-values.ts";
import { accessOf } from "../auth/access.ts";

/**
 * `POST /api/events/auth?clusterId=`: a short-lived token for that cluster's events websocket,
 * issued by the cluster itself (`POST /1.0/events/auth`), as a real AMS issues it. The browser
 * then opens `/ams/{clusterIndex}/1.0/events?secret=<token>`, which the server relays. The session
 * gate requires a session; the CSRF rule refuses a cross-site POST.
 */
export function registerEventsAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  // Each event is an item (the relay leaves out those the user may not view): who may see
  // anything in the cluster may listen.
  const events = acts.onEachItem("cluster", "can_view");
  app.post(
    "/api/events/auth",
    // It changes nothing: while an admin views the dashboard as someone, it is theirs to ask.
    { config: { acts: events, whileViewingAs: "reads" } },
    async (request): Promise<EventsAuthResponse> => {
      const visible = accessOf(request).visibleClusters(context.clusters);
      const cluster = requireCluster(visible, clusterIdOf(request.query));
      const { token } = await issueEventsToken(cluster);
      return { metadata: { token } };
    },
  );
}
