import type { FastifyInstance } from "fastify";
import type { ClusterContext } from "../../context.ts";

export function registerRegistryRoutes(_app: FastifyInstance, _context: ClusterContext): void {
  // Not built yet: the routes of this resource are being written.
}
