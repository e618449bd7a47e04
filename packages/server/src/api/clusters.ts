import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { Cluster } from "@anbox-dashboard/contract";

/** `GET /api/clusters`: the clusters this dashboard manages now, in configuration order. */
export function registerClusterRoutes(
  app: FastifyInstance,
  guard: preHandlerAsyncHookHandler,
  clusters: () => readonly { id: string }[],
): void {
  app.get("/api/clusters", { preHandler: guard }, (): Cluster[] =>
    clusters().map(({ id }) => ({ id })),
  );
}
