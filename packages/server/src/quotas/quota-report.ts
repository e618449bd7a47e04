import type { GroupQuota } from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import { limitsOf } from "../store/group-limits.ts";
import type { QuotaGroup } from "./quota-groups.ts";
import {
  totalsOf,
  usageOf,
  usedAgainst,
  type GroupUsage,
  type QuotaAmounts,
} from "./quota-usage.ts";

/**
 * Each group's limits with how much of each is used, and what it uses over all clusters (shown
 * with or without limits), as the profile, the create form and the group's page show them.
 */
export async function quotaReport(
  context: Pick<ServerContext, "db" | "clusters">,
  groups: readonly QuotaGroup[],
): Promise<GroupQuota[]> {
  const names = groups.map(({ group }) => group);
  const [limits, usage] = await Promise.all([limitsOf(context.db, names), usageOf(context, names)]);
  return groups.map(({ group, fromProvider }) => {
    const used: GroupUsage = usage.get(group) ?? new Map<string, QuotaAmounts>();
    return {
      group,
      fromProvider,
      lines: (limits.get(group) ?? []).map((limit) => ({
        ...limit,
        used: usedAgainst(used, limit),
      })),
      totals: totalsOf(used),
    };
  });
}
