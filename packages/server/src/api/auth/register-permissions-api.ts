import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../server-context.ts";
import { registerGroupRoutes } from "./groups.ts";
import { registerIdentityRoutes } from "./identities.ts";
import { registerPermissionRoutes } from "./permissions.ts";
import { registerProviderGroupRoutes } from "./provider-groups.ts";

/**
 * `/api/auth/...`: identities, groups, identity-provider groups, the caller's permissions and the
 * entitlement catalogue.
 */
export function registerPermissionsApi(app: FastifyInstance, context: ServerContext): void {
  registerPermissionRoutes(app, context);
  registerGroupRoutes(app, context);
  registerIdentityRoutes(app, context);
  registerProviderGroupRoutes(app, context);
}
