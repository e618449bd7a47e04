import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  instanceBulkBodySchema,
  instancesDeleteBodySchema,
  type AmsInstance,
  type AmsOperation,
  type ClusterInstanceBulkResult,
  type InstanceBulkResponse,
  type InstanceBulkResult,
  type InstanceRef,
} from "@anbox-dashboard/contract";
import type { ServerContext } from "../../server-context.ts";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { requireCluster } from "../../clusters/choose-cluster.ts";
import { clusterFailure } from "../../clusters/cluster-call.ts";
import {
  changeInstance,
  changeInstances,
  deleteInstance,
  deleteInstances,
  readInstance,
} from "../../ams/instances.ts";
import {
  operationFailure,
  unfinishedError,
  waitForBulkOperation,
} from "../../clusters/bulk-operation-wait.ts";

import { acts } from "../../auth/route-acts.ts";
import { accessOf } from "../../auth/access.ts";
import { mapBounded } from "@anbox-dashboard/http-kit";
import type { ZodSchemas } from "@anbox-dashboard/http-kit";
import { noteAudit } from "../../audit/audit-note.ts";
import { admitStarts } from "../../quotas/instance-quotas.ts";
import { settleCharges } from "../../store/quota-charges.ts";

type BulkAction = "running" | "stopped" | "deleted";

/** Instances looked up at once in one cluster. */
const lookupConcurrency = 8;

/**
 * `PATCH /api/instance_bulk` (start, stop or delete) and `DELETE /api/instances`: many instances,
 * of several clusters, in one call. Each cluster gets one bulk request for its instances (one
 * request per instance when it refuses the batch), and the answer waits for the operations, so
 * that it reports every instance's outcome. Each instance is decided on its own (`can_edit` to
 * start or stop, `can_delete`): those allowed are done, the others reported with the refusal, and
 * one the user may not view is reported as not found, in the cluster's words for a missing one.
 */
export function registerInstancesBulkRoutes(scope: FastifyInstance, context: ServerContext): void {
  const app = scope.withTypeProvider<ZodSchemas>();
  app.patch(
    "/api/instance_bulk",
    {
      schema: { body: instanceBulkBodySchema.describe("bulk instance update") },
      config: { acts: acts.onEachItem("instance", "can_edit") },
    },
    async (request): Promise<InstanceBulkResponse> => {
      const body = request.body;
      const results = await applyToInstances(
        context,
        request,
        body.instances,
        body.desired_status,
        body.force ?? false,
      );
      noteBulkOutcome(request, results);
      return { metadata: { results } };
    },
  );

  app.delete(
    "/api/instances",
    {
      schema: { body: instancesDeleteBodySchema.describe("bulk instance delete") },
      config: { acts: acts.onEachItem("instance", "can_delete") },
    },
    async (request): Promise<InstanceBulkResponse> => {
      const body = request.body;
      const results = await applyToInstances(
        context,
        request,
        body.instances,
        "deleted",
        body.force ?? false,
      );
      noteBulkOutcome(request, results);
      return { metadata: { results } };
    },
  );
}

/**
 * Groups the instances by cluster (400 for an unknown one, or one the user may see nothing in,
 * before anything is done).
 */
async function applyToInstances(
  context: ServerContext,
  request: FastifyRequest,
  refs: readonly InstanceRef[],
  action: BulkAction,
  force: boolean,
): Promise<ClusterInstanceBulkResult[]> {
  const access = accessOf(request);
  const visible = access.visibleClusters(context.clusters);
  const groups = new Map<ClusterHandle, Set<string>>();
  for (const ref of refs) {
    const cluster = requireCluster(visible, ref.clusterId);
    groups.set(cluster, (groups.get(cluster) ?? new Set()).add(ref.id));
  }
  const entitlement = action === "deleted" ? "can_delete" : "can_edit";
  const onCluster = ([cluster, ids]: [ClusterHandle, Set<string>]) =>
    applyOnCluster(context, request, cluster, [...ids], action, force, (lookup) => {
      const decision = access.decide(entitlement, `instance:${cluster.id}/${lookup.id}`);
      if (decision.allowed) return lookup;
      const error = decision.hidden
        ? `Instance "${lookup.ref}" not found`
        : `You may not do this: ${decision.missing}.`;
      return { ref: lookup.ref, found: false, error };
    });
  // Starts take their groups' quota leases, which two clusters' shares at once would wait on
  // each other for: one cluster after the other. Stops and deletes take none.
  if (action === "running") {
    const outcomes: ClusterInstanceBulkResult[] = [];
    for (const share of groups) outcomes.push(...(await onCluster(share)));
    return outcomes;
  }
  return (await Promise.all([...groups].map(onCluster))).flat();
}

interface Found {
  ref: string;
  found: true;
  id: string;
  name: string;
  /** What a start's quota reads: whether it runs, or is on its way to. */
  instance: Pick<AmsInstance, "status" | "desired_status">;
}
type Lookup = Found | { ref: string; found: false; error: string };

/**
 * One cluster's share. The instances are looked up first: one that is gone (deleted meanwhile) is
 * reported alone instead of making the cluster refuse the whole request, and the names are known
 * for a delete, whose operation does not list them. `allowed` keeps each instance found, or turns
 * it into its refusal.
 */
async function applyOnCluster(
  context: ServerContext,
  request: FastifyRequest,
  cluster: ClusterHandle,
  refs: readonly string[],
  action: BulkAction,
  force: boolean,
  allowed: (lookup: Found) => Lookup,
): Promise<ClusterInstanceBulkResult[]> {
  const lookups = (await lookUpInstances(cluster, refs)).map((lookup) =>
    lookup.found ? allowed(lookup) : lookup,
  );
  const found = new Map(lookups.flatMap((lookup) => (lookup.found ? [[lookup.id, lookup]] : [])));
  if (action === "deleted") {
    await settleCharges(
      context.db,
      [...found.keys()].map((id) => `instance:${cluster.id}/${id}`),
    );
  }
  if (action !== "running") return actOnCluster(cluster, lookups, [...found.keys()], action, force);
  // A start keeps the running-instances quotas: those that would go over are refused alone.
  return admitStarts(context, request, cluster, [...found.values()], (admitted, refused) =>
    actOnCluster(
      cluster,
      lookups.map((lookup) => {
        const over = lookup.found ? refused.get(lookup.id) : undefined;
        return over === undefined ? lookup : { ref: lookup.ref, found: false, error: over };
      }),
      admitted,
      action,
      force,
    ),
  );
}

/** Asks the cluster to act on `ids` (those of `lookups` found and allowed), and reports each. */
async function actOnCluster(
  cluster: ClusterHandle,
  lookups: readonly Lookup[],
  ids: readonly string[],
  action: BulkAction,
  force: boolean,
): Promise<ClusterInstanceBulkResult[]> {
  /** Each instance's outcome: `found` decides those the cluster was asked to act on. */
  const report = (found: (id: string, name: string) => Omit<InstanceBulkResult, "id">) =>
    lookups.map((lookup): ClusterInstanceBulkResult =>
      lookup.found
        ? { id: lookup.id, ...found(lookup.id, lookup.name), clusterId: cluster.id }
        : { id: lookup.ref, name: "", success: false, error: lookup.error, clusterId: cluster.id },
    );
  // None was found: nothing to ask the cluster (and `found` is never called).
  if (ids.length === 0) return report(() => ({ name: "", success: false, error: "" }));

  let operation: AmsOperation;
  try {
    operation = await runOperation(cluster, [...ids], action, force);
  } catch (error) {
    const failure = clusterFailure(cluster, error);
    if (failure.statusCode >= 500 || ids.length === 1) {
      return report((_id, name) => ({ name, success: false, error: failure.message }));
    }
    // The cluster refused the batch for what some of them are (one protected against deletion,
    // say): asked one by one, the others are done and each refusal names its own instance.
    const singles = new Map(
      await mapBounded(ids, lookupConcurrency, async (id) => [
        id,
        await applyToOne(cluster, id, action, force),
      ]),
    );
    return report((id, name) => {
      const outcome = singles.get(id);
      return outcome === undefined
        ? { name, success: false, error: failure.message }
        : outcome.kind === "refused"
          ? { name, success: false, error: outcome.error }
          : outcomeOf(outcome.operation, id, name);
    });
  }
  return report((id, name) => outcomeOf(operation, id, name));
}

type SingleOutcome = { kind: "done"; operation: AmsOperation } | { kind: "refused"; error: string };

/** One instance's share of a batch the cluster refused, as a single request. */
async function applyToOne(
  cluster: ClusterHandle,
  id: string,
  action: BulkAction,
  force: boolean,
): Promise<SingleOutcome> {
  try {
    const started =
      action === "deleted"
        ? await deleteInstance(cluster, id, force)
        : await changeInstance(cluster, id, { desired_status: action });
    return { kind: "done", operation: await waitForBulkOperation(cluster, started) };
  } catch (error) {
    return { kind: "refused", error: clusterFailure(cluster, error).message };
  }
}

/**
 * Finds each instance by id or name. Once the cluster fails (rather than answers that one is not
 * there), the rest are not asked for: a hung cluster would otherwise cost a timeout each.
 */
async function lookUpInstances(cluster: ClusterHandle, refs: readonly string[]): Promise<Lookup[]> {
  let clusterDown: string | undefined;
  return mapBounded(refs, lookupConcurrency, async (ref): Promise<Lookup> => {
    if (clusterDown !== undefined) return { ref, found: false, error: clusterDown };
    try {
      const instance = await readInstance(cluster, ref);
      return { ref, found: true, id: instance.id, name: instance.name, instance };
    } catch (error) {
      const failure = clusterFailure(cluster, error);
      if (failure.statusCode >= 500) clusterDown = failure.message;
      return { ref, found: false, error: failure.message };
    }
  });
}

/** Sends the cluster's bulk request and waits (bounded) for its operation. */
async function runOperation(
  cluster: ClusterHandle,
  ids: string[],
  action: BulkAction,
  force: boolean,
): Promise<AmsOperation> {
  const started =
    action === "deleted"
      ? await deleteInstances(cluster, ids, force)
      : await changeInstances(cluster, ids, action);
  return waitForBulkOperation(cluster, started);
}

/**
 * One instance's outcome: its entry of the operation's `metadata.results` (bulk start and stop),
 * else the operation's own (a bulk delete succeeds or fails as one); unfinished when the wait ran
 * out.
 */
export function outcomeOf(
  operation: AmsOperation,
  id: string,
  name: string,
): Omit<InstanceBulkResult, "id"> {
  const unfinished = unfinishedError(operation);
  if (unfinished !== undefined) return { name, success: false, error: unfinished };
  const own = resultsOf(operation.metadata).find((result) => result.id === id);
  if (own) return { name: own.name || name, success: own.success, error: own.error };
  const failure = operationFailure(operation);
  return failure === undefined
    ? { name, success: true, error: "" }
    : { name, success: false, error: failure };
}

/** The `results` of an operation's metadata, when it has them. */
function resultsOf(metadata: unknown): InstanceBulkResult[] {
  if (typeof metadata !== "object" || metadata === null) return [];
  const { results } = metadata as { results?: unknown };
  if (!Array.isArray(results)) return [];
  return results.filter(
    (result): result is InstanceBulkResult =>
      typeof result === "object" &&
      result !== null &&
      typeof (result as { id?: unknown }).id === "string" &&
      typeof (result as { name?: unknown }).name === "string" &&
      typeof (result as { success?: unknown }).success === "boolean" &&
      typeof (result as { error?: unknown }).error === "string",
  );
}

/** What a bulk call did, for its audit entry: how many were done, and which were not and why. */
function noteBulkOutcome(
  request: FastifyRequest,
  results: readonly ClusterInstanceBulkResult[],
): void {
  const failed = results.filter((result) => !result.success);
  const refused = failed.some(
    (result) =>
      result.error.startsWith("You may not do this") || result.error.startsWith("Quota reached"),
  );
  noteAudit(request, {
    refused,
    detail: [
      `${String(results.length - failed.length)} of ${String(results.length)} done`,
      ...failed.map((result) => `${result.clusterId}/${result.id}: ${result.error || "not done"}`),
    ].join("; "),
  });
}
