import type { FastifyRequest } from "fastify";
import {
  limitAppliesOn,
  type AmsInstance,
  type AmsOperation,
  type InstancesPost,
} from "@anbox-dashboard/contract";
import { operationTargetId } from "../ams/resource-paths.ts";
import { readInstance } from "../ams/instances.ts";
import type { ClusterHandle } from "../clusters/cluster-handle.ts";
import type { ServerContext } from "../server-context.ts";
import { signedInUser } from "../auth/signed-in-user.ts";
import { chargeInstance, groupsOfInstances } from "../store/quota-charges.ts";
import { limitsOf } from "../store/group-limits.ts";
import { withQuotaLeases } from "../store/quota-locks.ts";
import {
  anyLimits,
  bindingLimits,
  firstOver,
  instanceResource,
  untilCounted,
  usageScope,
  withinQuota,
} from "./enforce-quota.ts";
import { quotaGroupNamesOf } from "./quota-groups.ts";
import { countIn, countsAsRunning, usageOf } from "./quota-usage.ts";
import { QuotaRefusal, quotaRefusal } from "./quota-refusal.ts";
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
  const groups = await quotaGroupNamesOf(context.db, signedInUser(request));
  const limits = [...(await limitsOf(context.db, groups)).values()].flat();
  const needsSize = limits.some(
    (limit) => sizeKeys.has(limit.key) && limitAppliesOn(limit, cluster.id),
  );
  const adds = await instanceDemand(cluster, body, needsSize);
  return withinQuota(
    context,
    { clusterId: cluster.id, groups, adds, doing: "creating this instance" },
    async () => {
      const operation = await create();
      const id = operationTargetId(operation, "instance");
      if (id === undefined) {
        request.log.warn(
          { operation: operation.id },
          "The created instance is not named by its operation: it counts against no quota",
        );
      } else {
        await chargeInstance(context.db, instanceResource(cluster.id, id), groups);
      }
      return operation;
    },
  );
}

/** An instance a start is asked for, as its lookup found it. */
export interface StartCandidate {
  id: string;
  name: string;
  instance: Pick<AmsInstance, "status" | "desired_status">;
}

/**
 * Starts instances of one cluster within the running-instances limits of the groups each counts
 * against: its maker's; or, for one no quota holds yet (made outside the dashboard, or by someone
 * in no group), the starter's, to which it is charged from then on. In order, each is let through
 * while its groups have room, counting those let through before it; `start` gets those let
 * through and why the others were refused, and runs with the leases held until the cluster
 * shows them on their way.
 */
export async function admitStarts<T>(
  context: QuotaContext,
  request: FastifyRequest,
  cluster: ClusterHandle,
  candidates: readonly StartCandidate[],
  start: (admitted: string[], refused: ReadonlyMap<string, string>) => Promise<T>,
): Promise<T> {
  const ids = candidates.map((candidate) => candidate.id);
  if (!(await anyLimits(context.db))) return start(ids, new Map());
  const resourceOf = (id: string) => instanceResource(cluster.id, id);
  const charged = await groupsOfInstances(context.db, ids.map(resourceOf));
  const starters = await quotaGroupNamesOf(context.db, signedInUser(request));
  const adopted = candidates.filter((candidate) => !charged.has(resourceOf(candidate.id)));
  const groupsOf = (id: string) => charged.get(resourceOf(id)) ?? starters;
  const adds = { running_instances: 1 };
  const binding = await bindingLimits(context.db, {
    clusterId: cluster.id,
    groups: [...new Set(candidates.flatMap((candidate) => groupsOf(candidate.id)))],
    adds,
  });
  const adopt = async (admitted: readonly string[]) => {
    for (const candidate of adopted) {
      if (admitted.includes(candidate.id)) {
        await chargeInstance(context.db, resourceOf(candidate.id), starters);
      }
    }
  };
  if (binding.size === 0) {
    await adopt(ids);
    return start(ids, new Map());
  }
  return withQuotaLeases(context.db, [...binding.keys()], async () => {
    const usage = await usageOf(context, [...binding.keys()], usageScope(binding));
    const admitted: string[] = [];
    const refused = new Map<string, string>();
    for (const { id, name, instance } of candidates) {
      const groups = groupsOf(id);
      if (countsAsRunning(instance)) {
        admitted.push(id);
        continue;
      }
      const over = firstOver(binding, usage, adds, groups);
      if (over !== undefined) {
        refused.set(
          id,
          (await quotaRefusal(context.db, over, `starting instance ${name}`)).message,
        );
        continue;
      }
      admitted.push(id);
      for (const group of groups) countIn(usage, group, cluster.id, adds);
    }
    await adopt(admitted);
    const result = await start(admitted, refused);
    for (const id of admitted) {
      await untilCounted(async () => countsAsRunning(await readInstance(cluster, id)));
    }
    return result;
  });
}

/** One instance's start (PATCH): as a bulk start of one, refused with its reason. */
export async function startWithinQuota(
  context: QuotaContext,
  request: FastifyRequest,
  cluster: ClusterHandle,
  idOrName: string,
  start: () => Promise<AmsOperation>,
): Promise<AmsOperation> {
  if (!(await anyLimits(context.db))) return start();
  const instance = await readInstance(cluster, idOrName);
  return admitStarts(
    context,
    request,
    cluster,
    [{ id: instance.id, name: instance.name, instance }],
    async (_admitted, refused) => {
      const reason = refused.get(instance.id);
      if (reason !== undefined) throw new QuotaRefusal(403, reason);
      return start();
    },
  );
}
