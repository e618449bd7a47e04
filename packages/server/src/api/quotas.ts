import type { FastifyInstance } from "fastify";
import type { QuotasResponse } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { acts } from "../auth/route-acts.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { quotaGroupsOf } from "../quotas/quota-groups.ts";
import { quotaReport } from "../quotas/quota-report.ts";
import { visibleQuota } from "../quotas/visible-quota.ts";
import { accessOf } from "../auth/access.ts";

/**
 * `GET /api/quotas`: the limits of the signed-in user's groups (their own and their identity
 * provider's), with each group's usage, for their profile and the create form. An admin viewing
 * the dashboard as someone sees that identity's (without their provider's: no sign-in of theirs
 * is looked at).
 */
export function registerQuotaRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get(
    "/api/quotas",
    { config: { acts: acts.ownAccount } },
    async (request): Promise<QuotasResponse> => {
      const user = signedInUser(request);
      const whose = user.viewAs === undefined ? user : { id: user.viewAs.id, providerGroups: [] };
      const groups = await quotaGroupsOf(context.db, whose);
      const access = accessOf(request);
      const reports = await quotaReport(context, groups);
      return { metadata: reports.map((report) => visibleQuota(access, report)) };
    },
  );
}
