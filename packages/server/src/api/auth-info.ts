import type { FastifyInstance } from "fastify";
import { registerCommand, type AuthInfo, type DeploymentVariant } from "@anbox-dashboard/contract";
import type { Database } from "../store/database.ts";
import { countUsers } from "../store/users.ts";

/** `GET /api/auth-info`: public, so that the login page knows what to offer. */
export function registerAuthInfoRoutes(
  app: FastifyInstance,
  db: Database,
  variant: DeploymentVariant,
  isExternalIdp: boolean,
  /** Undefined when it is the default (./data), which the command finds by itself. */
  customDataDir: string | undefined,
): void {
  app.get("/api/auth-info", { config: { access: "public" } }, async (): Promise<AuthInfo> => {
    return {
      hasUsers: (await countUsers(db)) > 0,
      isExternalIdp,
      variant,
      registerCommand: registerCommand(variant, customDataDir),
    };
  });
}
