import type { FastifyInstance } from "fastify";
import type { AuthContext } from "./auth-context.ts";

export async function registerAuthRoutes(
  _app: FastifyInstance,
  _context: AuthContext,
): Promise<void> {
  // Not built yet: being written.
}
