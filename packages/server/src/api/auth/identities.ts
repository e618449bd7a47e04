import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  identityGroupsSchema,
  type IdentityDetail,
  type IdentitySummary,
} from "@anbox-dashboard/contract";
import { HttpError, type ZodSchemas } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { accessOf, PermissionRefusal } from "../../auth/access.ts";
import { acts } from "../../auth/route-acts.ts";
import { grantsHeldBy } from "../../auth/grants.ts";
import { missingGroups } from "../../store/authorization-groups.ts";
import { groupsByUser, groupsOf, setGroupsOf } from "../../store/group-members.ts";
import { findUserById, listUsers } from "../../store/users.ts";
import { toIdentitySummary } from "./identity-summary.ts";
import { refuseUnlessAdministrator } from "../../quotas/administrator-only.ts";
import { noteAudit } from "../../audit/audit-note.ts";
import { listChange } from "../../audit/change-detail.ts";
import { groupsFromProviderByUser, latestClaimsByUser } from "../../store/provider-groups.ts";

const idParams = z.object({ id: z.string() }).describe("path");

/**
 * The people who sign in, as Anbox's `/1.0/auth/identities`: list those the caller may view, read
 * one with what it may do, and replace its groups as a whole (`can_edit` on it, and on each group
 * it joins or leaves). Anbox edits nothing else of an identity; neither does this.
 */
export function registerIdentityRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();

  app.get(
    "/api/auth/identities",
    { config: { acts: acts.onEachItem("identity", "can_view"), answersEntitlements: true } },
    async (request): Promise<{ metadata: IdentitySummary[] }> => {
      const access = accessOf(request);
      const [users, groups, fromProvider] = await Promise.all([
        listUsers(context.db),
        groupsByUser(context.db),
        groupsFromProviderByUser(context.db),
      ]);
      return {
        metadata: users
          .filter((user) => access.allows("can_view", `identity:${user.id}`))
          .map((user) =>
            toIdentitySummary(
              user,
              groups.get(user.id) ?? [],
              access,
              fromProvider.get(user.id) ?? [],
            ),
          ),
      };
    },
  );

  app.get(
    "/api/auth/identities/:id",
    {
      schema: { params: idParams },
      config: { acts: acts.onNamed("identity", "can_view", "id"), answersEntitlements: true },
    },
    async (request): Promise<{ metadata: IdentityDetail }> => {
      const user = await findUserById(context.db, request.params.id);
      if (user === undefined)
        throw new HttpError(404, `There is no identity:${request.params.id}.`);
      const [groups, claims] = await Promise.all([
        groupsOf(context.db, user.id),
        latestClaimsByUser(context.db),
      ]);
      const fromProvider = await groupsFromProviderByUser(context.db, claims);
      const grants = await grantsHeldBy(context.db, user.id, claims.get(user.id));
      const access = accessOf(request);
      return {
        metadata: {
          ...toIdentitySummary(user, groups, access, fromProvider.get(user.id)),
          // What it may do on what its reader may see: another cluster's names stay hidden.
          effective_permissions: grants.filter((grant) => access.maySee(grant.resource)),
        },
      };
    },
  );

  app.put(
    "/api/auth/identities/:id",
    {
      schema: { params: idParams, body: identityGroupsSchema.describe("identity") },
      config: { acts: acts.onNamed("identity", "can_edit", "id") },
    },
    async (request): Promise<{ metadata: IdentitySummary }> => {
      const user = await findUserById(context.db, request.params.id);
      if (user === undefined)
        throw new HttpError(404, `There is no identity:${request.params.id}.`);
      const wanted = [...new Set(request.body.groups)];
      const missing = await missingGroups(context.db, wanted);
      if (missing.length > 0) {
        throw new HttpError(
          400,
          `No group named ${missing.map((name) => `"${name}"`).join(", ")}.`,
        );
      }
      const access = accessOf(request);
      const changed: string[] = [];
      // Each group joined or left, as it is in the transaction that changes the membership: the
      // editor may change it, and holds all it grants (no one hands out, or takes away, more than
      // they may do themselves: can_edit on a group does not lead to its admin).
      await setGroupsOf(context.db, user.id, wanted, (group) => {
        changed.push(group.name);
        access.require("can_edit", `group:${group.name}`);
        // Taking someone out of a group with limits lifts them for them: an administrator's call.
        if (!wanted.includes(group.name) && group.limits.length > 0) {
          refuseUnlessAdministrator(access, `take someone out of ${group.name}, which has limits`);
        }
        const lacking = group.permissions.find(
          (permission) => !access.allows(permission.entitlement, permission.resource),
        );
        if (lacking !== undefined) {
          throw new PermissionRefusal(
            403,
            `You may add people to, or take them out of, only groups whose permissions you hold: ${group.name} grants ${lacking.entitlement} on ${lacking.resource}.`,
          );
        }
      });
      noteAudit(request, {
        detail: [
          user.email,
          listChange(
            "groups",
            changed.filter((name) => !wanted.includes(name)),
            changed.filter((name) => wanted.includes(name)),
          ),
        ]
          .filter((part) => part !== "")
          .join(": "),
      });
      return {
        metadata: toIdentitySummary(user, await groupsOf(context.db, user.id), accessOf(request)),
      };
    },
  );
}
