import type { FastifyInstance } from "fastify";
import type { EventsAuthResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { requireCluster } from "../clusters/choose-cluster.ts";
import { issueEventsToken } from "../ams/service.ts";
import { acts } from "../auth/route-acts.ts";
import { clusterIdOf } from "../input/query-values.ts";

/**
 * `POST /api/events/auth?clusterId=`: a short-lived token for that cluster's events websocket,
 * issued by the cluster itself (`POST /1.0/events/auth`), as a real AMS issues it. The browser
 * then opens `/ams/{clusterIndex}/1.0/events?secret=<token>`, which the server relays. The session
 * gate requires a session; the CSRF rule refuses a cross-site POST.
 */
export function registerEventsAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  // The whole cluster's events: who may view only some of it gets none yet (issue 37, to do).
  const events = acts.onCluster("can_view");
  app.post(
    "/api/events/auth",
    { config: { acts: events } },
    async (request): Promise<EventsAuthResponse> => {
      const cluster = requireCluster(context.clusters, clusterIdOf(request.query));
      const { token } = await issueEventsToken(cluster);
      return { metadata: { token } };
    },
  );
}
