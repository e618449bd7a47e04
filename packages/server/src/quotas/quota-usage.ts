import {
  clusterOf,
  isResourceName,
  quotaKeys,
  type AmsInstance,
  type GroupLimit,
  type QuotaKey,
} from "@anbox-dashboard/contract";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ServerContext } from "../server-context.ts";
import { readInstance } from "../ams/instances.ts";
import { chargesOfGroups, dropCharges, type Charge } from "../store/quota-charges.ts";
import { recentViews, type StreamRef } from "../store/stream-views.ts";
import { liveSessionIds } from "../store/browser-sessions.ts";

/** What a group uses, per key, on each cluster. */
export type QuotaAmounts = Record<QuotaKey, number>;
export type GroupUsage = Map<string, QuotaAmounts>;

export function noAmounts(): QuotaAmounts {
  return Object.fromEntries(quotaKeys.map((key) => [key, 0])) as QuotaAmounts;
}

/** How much of a limit a usage takes: its cluster's, or all clusters' for a limit on every one. */
export function usedAgainst(usage: GroupUsage, limit: GroupLimit): number {
  if (limit.cluster !== null) return usage.get(limit.cluster)?.[limit.key] ?? 0;
  return totalsOf(usage)[limit.key];
}

/** What a usage comes to over all clusters, per key. */
export function totalsOf(usage: GroupUsage): QuotaAmounts {
  const totals = noAmounts();
  for (const amounts of usage.values()) {
    for (const key of quotaKeys) totals[key] += amounts[key];
  }
  return totals;
}

/** Statuses an instance no longer reserves anything in. */
const gone = new Set(["deleted"]);
/** Statuses of an instance that does not run, whatever it is asked to do. */
const neverRuns = new Set(["error", "deleted"]);

/**
 * Whether an instance runs or is on its way to: asked to run (a start the cluster has not begun,
 * or one under way) counts, unless it failed (error) or is gone.
 */
export function countsAsRunning(instance: Pick<AmsInstance, "status" | "desired_status">): boolean {
  return (
    instance.status === "running" ||
    (instance.desired_status === "running" && !neverRuns.has(instance.status))
  );
}

/** What one instance takes of each key (streams are counted apart). */
export function instanceAmounts(instance: AmsInstance): QuotaAmounts {
  const amounts = noAmounts();
  if (gone.has(instance.status)) return amounts;
  amounts.instances = 1;
  amounts.running_instances = countsAsRunning(instance) ? 1 : 0;
  amounts.cpus = instance.resources.cpus;
  amounts.memory = instance.resources.memory;
  amounts.gpu_slots = instance.resources["gpu-slots"];
  amounts.disk = instance.resources["disk-size"];
  return amounts;
}

/** Adds `amounts` to a group's usage on a cluster (of a group the usage was read for). */
export function countIn(
  usage: Map<string, GroupUsage>,
  group: string,
  cluster: string,
  amounts: Partial<QuotaAmounts>,
): void {
  const byCluster = usage.get(group);
  if (byCluster === undefined) return;
  const current = byCluster.get(cluster) ?? noAmounts();
  for (const key of quotaKeys) current[key] += amounts[key] ?? 0;
  byCluster.set(cluster, current);
}

/** What a usage read covers: instances, streams, and on which clusters (all when not said). */
export interface UsageScope {
  instances: boolean;
  streams: boolean;
  /** Only these clusters' instances are read (the limits bind nowhere else). */
  clusters?: ReadonlySet<string>;
  /** A view a join is about to replace: it does not count. */
  leaving?: LeavingView;
}

/** The views of a stream that a browser session's join replaces (quota-usage's `replaced`). */
export interface LeavingView {
  stream: StreamRef;
  /** The joining browser session; none for a share link's viewer. */
  browserSessionId?: string;
}

/**
 * What each of these groups uses now, per cluster: the instances charged to it, read from their
 * clusters by id (those gone are forgotten), and the streams watched against it (heard of lately,
 * by a browser session that still lives, or through a share link). A cluster that does not answer
 * is a 503 naming it: a quota is not decided on a guess.
 */
export async function usageOf(
  context: Pick<ServerContext, "db" | "clusters">,
  groups: readonly string[],
  scope: UsageScope = { instances: true, streams: true },
): Promise<Map<string, GroupUsage>> {
  const usage = new Map<string, GroupUsage>(groups.map((group) => [group, new Map()]));
  if (scope.instances) {
    const charges = await chargesOfGroups(context.db, groups);
    const wanted = [...charges.values()].flat().filter((charge) => {
      const cluster = isResourceName(charge.resource) ? clusterOf(charge.resource) : undefined;
      return cluster !== undefined && (scope.clusters?.has(cluster) ?? true);
    });
    const amounts = await readCharged(context, wanted);
    for (const [group, charged] of charges) {
      for (const { resource } of charged) {
        const found = amounts.get(resource);
        if (found !== undefined) countIn(usage, group, found.cluster, found.amounts);
      }
    }
  }
  if (scope.streams) {
    const views = (await recentViews(context.db)).filter((view) =>
      view.groups.some((group) => usage.has(group)),
    );
    const live = await liveSessionIds(
      context.db,
      views.flatMap((view) => (view.browserSessionId === "" ? [] : [view.browserSessionId])),
    );
    const { leaving } = scope;
    for (const view of views) {
      // A share link's viewer has no browser session: its page's word is what keeps it.
      if (view.browserSessionId !== "" && !live.has(view.browserSessionId)) continue;
      // A join replaces the same browser session's view of the stream, and on a gateway without
      // viewers (its views have no viewer id) whoever watched it: the stream changes hands.
      const replaced =
        leaving?.stream.clusterId === view.stream.clusterId &&
        leaving.stream.streamSessionId === view.stream.streamSessionId &&
        (view.viewerId === "" ||
          (leaving.browserSessionId !== undefined &&
            leaving.browserSessionId === view.browserSessionId));
      if (replaced) continue;
      for (const group of view.groups) {
        countIn(usage, group, view.stream.clusterId, { concurrent_streams: 1 });
      }
    }
  }
  return usage;
}

/** How many instances are read from a cluster at once. */
const readsAtOnce = 8;

/**
 * How long a cluster may not know an instance it was asked to make: a charge younger than this
 * that the cluster answers 404 for counts as one instance on its way, and is kept.
 */
const newChargeMs = 5 * 60_000;

/** Each charged instance's amounts and cluster; those gone from their cluster are forgotten. */
async function readCharged(
  context: Pick<ServerContext, "db" | "clusters">,
  charges: readonly Charge[],
): Promise<Map<string, { cluster: string; amounts: QuotaAmounts }>> {
  const found = new Map<string, { cluster: string; amounts: QuotaAmounts }>();
  const forgotten: string[] = [];
  const queue = [...new Map(charges.map((charge) => [charge.resource, charge])).values()];
  const readNext = async (): Promise<void> => {
    for (let charge = queue.shift(); charge !== undefined; charge = queue.shift()) {
      const { resource } = charge;
      if (!isResourceName(resource)) continue;
      const clusterId = clusterOf(resource);
      const cluster = context.clusters.find((candidate) => candidate.id === clusterId);
      // A cluster no longer managed here: its instances count against no one while it is away.
      if (cluster === undefined) continue;
      const id = resource.slice(resource.indexOf("/") + 1);
      try {
        const instance = await readInstance(cluster, id);
        found.set(resource, { cluster: cluster.id, amounts: instanceAmounts(instance) });
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) {
          throw new HttpError(
            503,
            `The quota cannot be checked: cluster ${cluster.id} did not answer for instance ${id} (${error instanceof Error ? error.message : String(error)}).`,
          );
        }
        const age = Date.now() - Date.parse(charge.chargedAt);
        if (age < newChargeMs) {
          found.set(resource, {
            cluster: cluster.id,
            amounts: { ...noAmounts(), instances: 1, running_instances: 1 },
          });
        } else {
          forgotten.push(resource);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: readsAtOnce }, readNext));
  await dropCharges(context.db, forgotten);
  return found;
}
