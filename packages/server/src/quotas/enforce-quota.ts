import {
  limitAppliesOn,
  quotaKeys,
  type GroupLimit,
  type QuotaKey,
  type ResourceName,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../server-context.ts";
import type { Database } from "../store/database.ts";
import { limitsOf } from "../store/group-limits.ts";
import { withQuotaLeases } from "../store/quota-locks.ts";
import {
  usageOf,
  usedAgainst,
  type GroupUsage,
  type LeavingView,
  type QuotaAmounts,
  type UsageScope,
} from "./quota-usage.ts";
import { quotaRefusal, type OverLimit } from "./quota-refusal.ts";

/** What an act would add to the usage of the groups it counts against. */
export interface QuotaAsk {
  clusterId: string;
  /** The groups it counts against. */
  groups: readonly string[];
  adds: Partial<QuotaAmounts>;
  /** "creating this instance": how a refusal names it. */
  doing: string;
  /** A view that a join replaces (the same browser session's of the stream): not counted. */
  leaving?: LeavingView;
}

/** Whether any group has a limit: without one, no act waits for a quota. */
export async function anyLimits(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom("auth_group_limits")
    .select("group_name")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The limits of `groups` that an act adding `adds` on `clusterId` must stay within, by group. */
export async function bindingLimits(
  db: Database,
  ask: Pick<QuotaAsk, "clusterId" | "groups" | "adds">,
): Promise<Map<string, GroupLimit[]>> {
  const binding = new Map<string, GroupLimit[]>();
  for (const [group, limits] of await limitsOf(db, ask.groups)) {
    const applying = limits.filter(
      (limit) => limitAppliesOn(limit, ask.clusterId) && (ask.adds[limit.key] ?? 0) > 0,
    );
    if (applying.length > 0) binding.set(group, applying);
  }
  return binding;
}

/** The first limit of `binding` (of `groups` only, when given) that `adds` would go over. */
export function firstOver(
  binding: ReadonlyMap<string, readonly GroupLimit[]>,
  usage: ReadonlyMap<string, GroupUsage>,
  adds: Partial<QuotaAmounts>,
  groups?: readonly string[],
): OverLimit | undefined {
  for (const [group, limits] of binding) {
    if (groups !== undefined && !groups.includes(group)) continue;
    for (const limit of limits) {
      const used = usedAgainst(usage.get(group) ?? new Map<string, QuotaAmounts>(), limit);
      const added = adds[limit.key] ?? 0;
      if (used + added > limit.value) return { group, limit, used, adds: added };
    }
  }
  return undefined;
}

/**
 * Which usage an act's limits need read: instances, streams or both; and only the clusters they
 * name when none of them holds over all clusters (another cluster's instances are not asked for).
 */
export function usageScope(binding: ReadonlyMap<string, readonly GroupLimit[]>): UsageScope {
  const limits = [...binding.values()].flat();
  const keys = new Set<QuotaKey>(limits.map((limit) => limit.key));
  const everywhere = limits.some((limit) => limit.cluster === null);
  return {
    instances: quotaKeys.some((key) => key !== "concurrent_streams" && keys.has(key)),
    streams: keys.has("concurrent_streams"),
    ...(everywhere
      ? {}
      : {
          clusters: new Set(
            limits.flatMap((limit) => (limit.cluster === null ? [] : [limit.cluster])),
          ),
        }),
  };
}

/**
 * Runs `act` if what it adds keeps every limit of every group it counts against, refusing (403,
 * naming the limit, the usage and who may raise it) otherwise. The check and the act hold the
 * groups' quota leases (store/quota-locks.ts): `act` must record what it took (a charge, a view)
 * before it returns, so that the next check, of any process, counts it.
 */
export async function withinQuota<T>(
  context: Pick<ServerContext, "db" | "clusters">,
  ask: QuotaAsk,
  act: () => Promise<T>,
): Promise<T> {
  const binding = await bindingLimits(context.db, ask);
  if (binding.size === 0) return act();
  return withQuotaLeases(context.db, [...binding.keys()], async () => {
    const usage = await usageOf(context, [...binding.keys()], {
      ...usageScope(binding),
      ...(ask.leaving === undefined ? {} : { leaving: ask.leaving }),
    });
    const over = firstOver(binding, usage, ask.adds);
    if (over !== undefined) throw await quotaRefusal(context.db, over, ask.doing);
    return act();
  });
}

/** The instance a start would count: `instance:<cluster>/<id>`. */
export function instanceResource(clusterId: string, id: string): ResourceName {
  return `instance:${clusterId}/${id}`;
}

/** How long an act's lease waits for its cluster to show what it did. */
const settleMaxMs = 10_000;

/**
 * Waits (bounded) until the cluster shows what an act did (a started instance running or on its
 * way): the lease is let go only then, so that the next check counts it. A cluster slower than
 * that lets the next check through on what it shows.
 */
export async function untilCounted(shown: () => Promise<boolean>): Promise<void> {
  const giveUpAt = Date.now() + settleMaxMs;
  while (Date.now() < giveUpAt) {
    if (await shown().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
