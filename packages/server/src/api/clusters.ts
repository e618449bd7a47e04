import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { Cluster } from "@anbox-dashboard/contract";

/** `GET /api/clusters`: the clusters this dashboard manages, in configuration order. */
export function registerClusterRoutes(
  app: FastifyInstance,
  guard: preHandlerAsyncHookHandler,
  clusterIds: readonly string[],
): void {
  app.get("/api/clusters", { preHandler: guard }, (): Cluster[] =>
    clusterIds.map((id) => ({ id })),
  );
}
