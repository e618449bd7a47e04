import type { FastifyInstance } from "fastify";
import type { EventsAuthResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { ApiError } from "../http/api-error.ts";
import { requireCluster } from "../clusters/choose-cluster.ts";
import { issueEventsToken } from "../ams/service.ts";

/**
 * `POST /api/events/auth?clusterId=`: a short-lived token for that cluster's events websocket,
 * issued by the cluster itself (`POST /1.0/events/auth`), as a real AMS issues it. The browser
 * then opens `/ams/{clusterIndex}/1.0/events?secret=<token>`, which the server relays. The session
 * gate requires a session; the CSRF rule refuses a cross-site POST.
 */
export function registerEventsAuthRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post("/api/events/auth", async (request): Promise<EventsAuthResponse> => {
    if (!request.user) throw new ApiError(401, "You are not signed in.");
    const cluster = requireCluster(
      context.clusters,
      (request.query as Record<string, unknown>).clusterId,
    );
    const { token } = await issueEventsToken(cluster);
    return { metadata: { token } };
  });
}
