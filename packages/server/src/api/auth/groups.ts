import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  groupCreateSchema,
  groupReplaceSchema,
  type GroupDetail,
  type GroupSummary,
  type IdentitySummary,
  describeQuotaLimit,
  sameLimits,
  type GroupLimit,
  type GroupUsageResponse,
  type Permission,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import { quotaReport } from "../../quotas/quota-report.ts";
import { emptyQuota, mayNameCluster, visibleQuota } from "../../quotas/visible-quota.ts";
import { refuseUnlessAdministrator } from "../../quotas/administrator-only.ts";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { accessOf, PermissionRefusal, type Access } from "../../auth/access.ts";
import { acts } from "../../auth/route-acts.ts";
import { signedInUser } from "../../auth/signed-in-user.ts";
import {
  adminGroupName,
  createGroup,
  deleteGroup,
  listGroups,
  readGroup,
  replaceGroup,
  type StoredGroup,
} from "../../store/authorization-groups.ts";
import { noteAudit } from "../../audit/audit-note.ts";
import { listChange } from "../../audit/change-detail.ts";
import { groupsByUser } from "../../store/group-members.ts";
import { listUsers } from "../../store/users.ts";
import { toIdentitySummary } from "./identity-summary.ts";
import { groupsFromProviderByUser } from "../../store/provider-groups.ts";

const nameParams = z.object({ name: z.string() }).describe("path");

/**
 * The dashboard's authorization groups, as Anbox's `/1.0/auth/groups`: list those the caller may
 * view, make one (`can_create_groups`), read one, replace its description and permissions as a
 * whole (`can_edit` on it), delete it (`can_delete`). The `admin` group's permissions cannot
 * change and it cannot be deleted. A group grants only what its editor holds: no one gives a
 * group (theirs, maybe) more than they may do themselves.
 */
export function registerGroupRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();

  app.get(
    "/api/auth/groups",
    { config: { acts: acts.onEachItem("group", "can_view"), answersEntitlements: true } },
    async (request): Promise<{ metadata: GroupSummary[] }> => {
      const access = accessOf(request);
      const groups = await listGroups(context.db);
      return {
        metadata: groups.filter((group) => access.allows("can_view", `group:${group.name}`)),
      };
    },
  );

  app.post(
    "/api/auth/groups",
    {
      schema: { body: groupCreateSchema.describe("group") },
      config: { idempotent: true, acts: acts.onServer("can_create_groups") },
    },
    async (request, reply): Promise<{ metadata: GroupSummary }> => {
      const { name, description = "" } = request.body;
      await createGroup(context.db, name, description, signedInUser(request).id);
      void reply.code(201);
      return { metadata: { name, description, identities: 0, permissions: 0 } };
    },
  );

  app.get(
    "/api/auth/groups/:name",
    {
      schema: { params: nameParams },
      config: { acts: acts.onNamed("group", "can_view", "name"), answersEntitlements: true },
    },
    async (request): Promise<{ metadata: GroupDetail }> => {
      const group = await readGroup(context.db, request.params.name);
      const [users, groups, fromProvider] = await Promise.all([
        listUsers(context.db),
        groupsByUser(context.db),
        groupsFromProviderByUser(context.db),
      ]);
      const members = new Set(group.identities);
      const identities: IdentitySummary[] = users
        .filter((user) => members.has(user.id))
        .map((user) =>
          toIdentitySummary(
            user,
            groups.get(user.id) ?? [],
            accessOf(request),
            fromProvider.get(user.id),
          ),
        );
      // Its permissions on what the reader may see: another cluster's names stay hidden.
      const access = accessOf(request);
      const permissions = group.permissions.filter((permission) =>
        access.maySee(permission.resource),
      );
      const limits = group.limits.filter((limit) => mayNameCluster(access, limit.cluster));
      return { metadata: { ...group, permissions, identities, limits } };
    },
  );

  // What the group's members use now, and how much of each limit: read from the clusters.
  app.get(
    "/api/auth/groups/:name/usage",
    {
      schema: { params: nameParams },
      config: { acts: acts.onNamed("group", "can_view", "name") },
    },
    async (request): Promise<GroupUsageResponse> => {
      const { name } = await readGroup(context.db, request.params.name);
      const [report] = await quotaReport(context, [{ group: name, fromProvider: false }]);
      return { metadata: visibleQuota(accessOf(request), report ?? emptyQuota(name)) };
    },
  );

  app.put(
    "/api/auth/groups/:name",
    {
      schema: { params: nameParams, body: groupReplaceSchema.describe("group") },
      config: { acts: acts.onNamed("group", "can_edit", "name") },
    },
    async (
      request,
    ): Promise<{
      metadata: {
        name: string;
        description: string;
        permissions: Permission[];
        limits: GroupLimit[];
      };
    }> => {
      const { name } = request.params;
      const access = accessOf(request);
      const { permissions, limits } = request.body;
      // Checked on the group as it is, in the transaction that changes it.
      await replaceGroup(
        context.db,
        name,
        { description: request.body.description, permissions, limits },
        (before) => {
          if (name !== adminGroupName) {
            refuseWhatTheEditorLacks(access, before.permissions, permissions);
          }
          if (limits !== undefined && !sameLimits(before.limits, limits)) {
            refuseLimitsChange(access, limits, context.clusters);
          }
          noteAudit(request, { detail: groupChange(before, request.body) });
        },
      );
      const after = await readGroup(context.db, name);
      return {
        metadata: {
          name,
          description: after.description,
          permissions: after.permissions,
          limits: after.limits,
        },
      };
    },
  );

  app.delete(
    "/api/auth/groups/:name",
    {
      schema: { params: nameParams },
      config: { acts: acts.onNamed("group", "can_delete", "name") },
    },
    async (request, reply) => {
      // Deleting takes its permissions away from its members: as a PUT that empties it, only
      // someone who holds them all may.
      const access = accessOf(request);
      await deleteGroup(context.db, request.params.name, (group) => {
        refuseWhatTheEditorLacks(access, group.permissions, []);
        // Its limits go with it: as lifting them, only an administrator may.
        if (group.limits.length > 0) refuseLimitsChange(access, [], context.clusters);
      });
      return reply.code(204).send();
    },
  );
}

/** What a PUT changes of a group, as its audit entry says it. */
function groupChange(
  before: StoredGroup,
  after: { description?: string | undefined; permissions: Permission[]; limits?: GroupLimit[] },
): string {
  const permission = (grant: Permission) => `${grant.entitlement} on ${grant.resource}`;
  return [
    after.description !== undefined && after.description !== before.description
      ? "description changed"
      : "",
    listChange(
      "permissions",
      before.permissions.map(permission),
      after.permissions.map(permission),
    ),
    after.limits === undefined
      ? ""
      : listChange(
          "limits",
          before.limits.map(describeQuotaLimit),
          after.limits.map(describeQuotaLimit),
        ),
  ]
    .filter((part) => part !== "")
    .join("; ");
}

/**
 * A group's limits bind its members, who may edit it (its maker, or someone given can_edit on
 * it): only an administrator changes them, or a member would lift their own. A limit on a cluster
 * the administrator does not manage here is refused too.
 */
function refuseLimitsChange(
  access: Access,
  limits: readonly GroupLimit[],
  clusters: readonly { id: string }[],
): void {
  refuseUnlessAdministrator(access, "change a group's limits");
  for (const limit of limits) {
    if (limit.cluster !== null && !clusters.some((cluster) => cluster.id === limit.cluster)) {
      throw new HttpError(400, `limits: no cluster "${limit.cluster}" is managed here.`);
    }
  }
}

/**
 * Refuses a change that adds a permission its editor does not hold (or takes away one they do not
 * hold: they could not give it back), naming the first such one.
 */
function refuseWhatTheEditorLacks(
  access: Access,
  before: readonly Permission[],
  after: readonly Permission[],
): void {
  const key = (permission: Permission) => `${permission.entitlement} ${permission.resource}`;
  const kept = new Set(before.map(key));
  const now = new Set(after.map(key));
  const changed = [
    ...after.filter((permission) => !kept.has(key(permission))),
    ...before.filter((permission) => !now.has(key(permission))),
  ];
  for (const permission of changed) {
    if (!access.allows(permission.entitlement, permission.resource)) {
      throw new PermissionRefusal(
        403,
        `You may grant or take away only what you hold yourself: you lack ${permission.entitlement} on ${permission.resource}.`,
      );
    }
  }
}
