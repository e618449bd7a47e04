import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  identityGroupsSchema,
  type IdentityDetail,
  type IdentitySummary,
} from "@anbox-dashboard/contract";
import { HttpError, type ZodSchemas } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../../server-context.ts";
import { accessOf } from "../../auth/access.ts";
import { acts } from "../../auth/route-acts.ts";
import { grantsHeldBy } from "../../auth/grants.ts";
import {
  groupsByUser,
  groupsOf,
  missingGroups,
  setGroupsOf,
} from "../../store/authorization-groups.ts";
import { findUserById, listUsers } from "../../store/users.ts";
import { toIdentitySummary } from "./identity-summary.ts";

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
    { config: { acts: acts.onEachItem("identity", "can_view") } },
    async (request): Promise<{ metadata: IdentitySummary[] }> => {
      const access = accessOf(request);
      const [users, groups] = await Promise.all([listUsers(context.db), groupsByUser(context.db)]);
      return {
        metadata: users
          .filter((user) => access.allows("can_view", `identity:${user.id}`))
          .map((user) => toIdentitySummary(user, groups.get(user.id) ?? [])),
      };
    },
  );

  app.get(
    "/api/auth/identities/:id",
    { schema: { params: idParams }, config: { acts: acts.onNamed("identity", "can_view", "id") } },
    async (request): Promise<{ metadata: IdentityDetail }> => {
      const user = await findUserById(context.db, request.params.id);
      if (user === undefined)
        throw new HttpError(404, `There is no identity:${request.params.id}.`);
      const [groups, grants] = await Promise.all([
        groupsOf(context.db, user.id),
        grantsHeldBy(context.db, user.id),
      ]);
      return {
        metadata: { ...toIdentitySummary(user, groups), effective_permissions: [...grants] },
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
      const before = await groupsOf(context.db, user.id);
      const access = accessOf(request);
      for (const group of [
        ...wanted.filter((g) => !before.includes(g)),
        ...before.filter((g) => !wanted.includes(g)),
      ]) {
        access.require("can_edit", `group:${group}`);
      }
      await setGroupsOf(context.db, user.id, wanted);
      return { metadata: toIdentitySummary(user, await groupsOf(context.db, user.id)) };
    },
  );
}
