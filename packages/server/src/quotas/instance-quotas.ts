import type { FastifyRequest } from "fastify";
import type { AmsOperation, InstancesPost } from "@anbox-dashboard/contract";
import { operationTargetId } from "../ams/resource-paths.ts";
import { readInstance } from "../ams/instances.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { ServerContext } from "../server-context.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { chargeInstance, groupsCharged, groupsChargedFor } from "../store/quota-charges.ts";
import { limitsOf } from "../store/group-limits.ts";
import { withQuotaLeases } from "../store/quota-locks.ts";
import {
  anyLimits,
  bindingLimits,
  firstOver,
  instanceResource,
  untilCounted,
  withinQuota,
} from "./enforce-quota.ts";
import { quotaGroupsOf } from "./quota-groups.ts";
import { countIn, countsAsRunning, usageOf } from "./quota-usage.ts";
import { quotaRefusal } from "./quota-refusal.ts";
import { instanceDemand } from "./instance-demand.ts";

type QuotaContext = Pick<ServerContext, "db" | "clusters">;

const sizeKeys = new Set(["cpus", "memory", "gpu_slots", "disk"]);

/**
 * Creates an instance within the quotas of its maker's groups (instances, running instances and
 * the sizes it reserves), and charges it to them all (store/quota-charges.ts), whether or not
 * they have limits now: a limit set later counts it.
 */
export async function createWithinQuota(
  context: QuotaContext,
  request: FastifyRequest,
  cluster: ClusterHandle,
  body: InstancesPost,
  create: () => Promise<AmsOperation>,
): Promise<AmsOperation> {
  const groups = (await quotaGroupsOf(context.db, signedInUser(request))).map(({ group }) => group);
  const limits = [...(await limitsOf(context.db, groups)).values()].flat();
  const needsSize = limits.some((limit) => sizeKeys.has(limit.key));
  const adds = await instanceDemand(cluster, body, needsSize);
  return withinQuota(
    context,
    { clusterId: cluster.id, groups, adds, doing: "creating this instance" },
    async () => {
      const operation = await create();
      const id = operationTargetId(operation, "instance");
      if (id !== undefined)
        await chargeInstance(context.db, instanceResource(cluster.id, id), groups);
      return operation;
    },
  );
}

/**
 * Starts an instance within the running-instances limits of the groups it counts against (its
 * maker's, whoever starts it). The lease is held until the cluster shows it on its way.
 */
export async function startWithinQuota(
  context: QuotaContext,
  cluster: ClusterHandle,
  idOrName: string,
  start: () => Promise<AmsOperation>,
): Promise<AmsOperation> {
  if (!(await anyLimits(context.db))) return start();
  const instance = await readInstance(cluster, idOrName);
  const groups = await groupsCharged(context.db, instanceResource(cluster.id, instance.id));
  const adds = { running_instances: countsAsRunning(instance) ? 0 : 1 };
  return withinQuota(
    context,
    { clusterId: cluster.id, groups, adds, doing: `starting instance ${instance.name}` },
    async () => {
      const operation = await start();
      await untilCounted(async () => countsAsRunning(await readInstance(cluster, instance.id)));
      return operation;
    },
  );
}

/**
 * A bulk start's share on one cluster: in order, each instance is let through while its groups'
 * running-instances limits hold, counting those let through before it; the others are refused
 * with their reason. `start` runs with the leases held (the bulk route waits for its operation).
 */
export async function admitStarts<T>(
  context: QuotaContext,
  cluster: ClusterHandle,
  ids: readonly string[],
  start: (admitted: string[], refused: ReadonlyMap<string, string>) => Promise<T>,
): Promise<T> {
  if (!(await anyLimits(context.db))) return start([...ids], new Map());
  const resources = ids.map((id) => instanceResource(cluster.id, id));
  const charged = await groupsChargedFor(context.db, resources);
  const adds = { running_instances: 1 };
  const binding = await bindingLimits(context.db, {
    clusterId: cluster.id,
    groups: [...new Set([...charged.values()].flat())],
    adds,
  });
  if (binding.size === 0) return start([...ids], new Map());
  return withQuotaLeases(context.db, [...binding.keys()], async () => {
    const usage = await usageOf(context, [...binding.keys()], { instances: true, streams: false });
    const admitted: string[] = [];
    const refused = new Map<string, string>();
    for (const id of ids) {
      const instance = await readInstance(cluster, id);
      const groups = charged.get(instanceResource(cluster.id, id)) ?? [];
      if (countsAsRunning(instance) || groups.length === 0) {
        admitted.push(id);
        continue;
      }
      const over = firstOver(binding, usage, adds, groups);
      if (over !== undefined) {
        const doing = `starting instance ${instance.name}`;
        refused.set(id, (await quotaRefusal(context.db, over, doing)).message);
        continue;
      }
      admitted.push(id);
      for (const group of groups) countIn(usage, group, cluster.id, adds);
    }
    return start(admitted, refused);
  });
}
