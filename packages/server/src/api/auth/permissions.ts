import type { FastifyInstance } from "fastify";
import {
  entitlementCatalogue,
  type EffectivePermissions,
  type EntitlementCatalogueResponse,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import { accessOf } from "../../auth/access.ts";
import { acts } from "../../auth/route-acts.ts";
import { signedInUser } from "../../auth/signed-in-user.ts";
import { groupsOf } from "../../store/authorization-groups.ts";

/**
 * `GET /api/auth/permissions`: what the caller may do, each permission with the group (or the
 * ownership) that grants it, and their groups. `GET /api/auth/entitlements`: the catalogue of
 * entitlements, each with its description, per resource kind (what a permission editor offers).
 * Any signed-in user may ask both: they are about themselves, and about the product.
 */
export function registerPermissionRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get(
    "/api/auth/permissions",
    { config: { acts: acts.ownAccount } },
    async (request): Promise<EffectivePermissions> => {
      const groups = await groupsOf(context.db, signedInUser(request).id);
      return { metadata: { groups, permissions: [...accessOf(request).grants] } };
    },
  );

  app.get(
    "/api/auth/entitlements",
    { config: { acts: acts.ownAccount } },
    (): EntitlementCatalogueResponse => ({ metadata: entitlementCatalogue }),
  );
}
