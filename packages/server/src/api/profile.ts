import type { FastifyInstance } from "fastify";
import type { AuthContext } from "../auth/auth-context.ts";

export async function registerProfileRoutes(
  _app: FastifyInstance,
  _context: AuthContext,
): Promise<void> {
  // Not built yet: being written.
}
