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
import { permissionsByGroup } from "../../store/authorization-groups.ts";
import { groupsOf } from "../../store/group-members.ts";
import { groupsMappedFrom } from "../../store/provider-groups.ts";

/**
 * `GET /api/auth/permissions`: what the caller may do, each permission with the group (or the
 * ownership) that grants it, their groups, and what each group grants on what they may see. `GET /api/auth/entitlements`: the catalogue of
 * entitlements, each with its description, per resource kind (what a permission editor offers).
 * Any signed-in user may ask both: they are about themselves, and about the product.
 */
export function registerPermissionRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get(
    "/api/auth/permissions",
    { config: { acts: acts.ownAccount } },
    async (request): Promise<EffectivePermissions> => {
      const access = accessOf(request);
      // While an admin views the dashboard as someone, these are that identity's.
      const user = signedInUser(request);
      const viewed = request.viewingAs;
      const providerGroups = viewed === null ? user.providerGroups : [];
      const [groups, byGroup, fromProvider] = await Promise.all([
        groupsOf(context.db, viewed?.id ?? user.id),
        permissionsByGroup(context.db),
        groupsMappedFrom(context.db, providerGroups),
      ]);
      // Only what names resources the caller may know of: a hidden cluster stays unnamed.
      const grantsByGroup = [...byGroup]
        .map(([group, permissions]) => ({
          group,
          permissions: permissions.filter((permission) => access.maySee(permission.resource)),
        }))
        // A group that grants nothing the caller may see is not named to them either.
        .filter(({ permissions }) => permissions.length > 0);
      return {
        metadata: {
          groups,
          providerGroups: [...providerGroups],
          groupsFromProvider: [...fromProvider.keys()].sort(),
          permissions: [...access.grants],
          grantsByGroup,
          viewingAs:
            viewed === null ? null : { id: viewed.id, name: viewed.fullname, email: viewed.email },
        },
      };
    },
  );

  app.get(
    "/api/auth/entitlements",
    { config: { acts: acts.ownAccount } },
    (): EntitlementCatalogueResponse => ({ metadata: entitlementCatalogue }),
  );
}
