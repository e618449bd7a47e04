import type { FastifyInstance } from "fastify";
import type { AuthInfo, DeploymentVariant } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";
import { countUsers } from "../store/users.ts";

/** `GET /api/auth-info`: public, so that the login page knows what to offer. */
export function registerAuthInfoRoutes(
  app: FastifyInstance,
  db: Database,
  variant: DeploymentVariant,
): void {
  app.get("/api/auth-info", async (): Promise<AuthInfo> => {
    return {
      hasUsers: (await countUsers(db)) > 0,
      // The external identity provider arrives with sign-in; until then the embedded one is assumed.
      isExternalIdp: false,
      variant,
    };
  });
}
