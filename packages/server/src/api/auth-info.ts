import type { FastifyInstance } from "fastify";
import type { AuthInfo, DeploymentVariant } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";
import { countUsers } from "../store/users.ts";

/** `GET /api/auth-info`: public, so that the login page knows what to offer. */
export function registerAuthInfoRoutes(
  app: FastifyInstance,
  db: Database,
  variant: DeploymentVariant,
  isExternalIdp: boolean,
): void {
  app.get("/api/auth-info", async (): Promise<AuthInfo> => {
    return {
      hasUsers: (await countUsers(db)) > 0,
      isExternalIdp,
      variant,
    };
  });
}
