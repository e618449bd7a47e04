import type {
  AmsOperation,
  DesiredInstanceStatus,
  InstanceBulkResult,
} from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { OperationError } from "../operations/operation-manager.ts";
import type { InstanceLifecycle } from "./lifecycle.ts";
import { instanceUrl } from "./instance-record.ts";
import { mapBounded } from "@anbox-dashboard/http-kit";

interface OneInstance {
  id: string;
}
interface ManyInstances {
  ids: string[];
}
interface BulkUpdate extends ManyInstances {
  desired_status: DesiredInstanceStatus;
}

/** Bulk work runs this many instances at a time: enough to be quick, few enough to stay fair. */
const bulkConcurrency = 16;
/** Restoring after a restart may concern thousands of instances; their boots are only timers. */
const restoreConcurrency = 64;

export const instanceOperationKinds = {
  create: "instance-create",
  start: "instance-start",
  stop: "instance-stop",
  update: "instance-update",
  delete: "instance-delete",
  bulkUpdate: "instances-update",
  restore: "instances-restore",
} as const;

/**
 * Registers the operation kinds of instances. All of them resume after a restart: each step reads
 * the instance's persisted status and carries on from there, so running one twice is harmless.
 */
export function registerInstanceOperationKinds(
  context: ClusterContext,
  lifecycle: InstanceLifecycle,
): void {
  const { operations, db } = context;
  const kinds = instanceOperationKinds;

  operations.registerKind<OneInstance>(kinds.create, {
    onRestart: "resume",
    run: async ({ id }, { signal }) => {
      const row = await db
        .selectFrom("instances")
        .select(["desired_status", "name"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw new OperationError(`Instance ${id} was deleted before it was created`);
      if (row.desired_status === "stopped") await lifecycle.settleUnstarted(id);
      else await lifecycle.bringUp(id, signal);
      return null;
    },
  });

  operations.registerKind<OneInstance>(kinds.start, {
    onRestart: "resume",
    run: async ({ id }, { signal }) => {
      await lifecycle.bringUp(id, signal);
      return null;
    },
  });

  operations.registerKind<OneInstance>(kinds.stop, {
    onRestart: "resume",
    run: async ({ id }, { signal }) => {
      await lifecycle.bringDown(id, signal);
      return null;
    },
  });

  // A configuration change (delete protection) is applied before the request is answered; its
  // operation only records it, as AMS answers every PATCH with one.
  operations.registerKind<OneInstance>(kinds.update, {
    onRestart: "resume",
    run: () => Promise.resolve(null),
  });

  // AMS aborts a bulk delete on the first failure; the routes check every instance beforehand.
  operations.registerKind<ManyInstances>(kinds.delete, {
    onRestart: "resume",
    run: async ({ ids }, { signal }) => {
      for (const id of ids) await lifecycle.remove(id, signal);
      return null;
    },
  });

  operations.registerKind<BulkUpdate>(kinds.bulkUpdate, {
    onRestart: "resume",
    run: async ({ ids, desired_status }, { signal }) => ({
      results: await mapBounded(ids, bulkConcurrency, (id) =>
        outcome(context, id, () =>
          desired_status === "running"
            ? lifecycle.bringUp(id, signal)
            : lifecycle.bringDown(id, signal),
        ),
      ),
    }),
  });

  operations.registerKind<ManyInstances>(kinds.restore, {
    onRestart: "resume",
    run: async ({ ids }, { signal }) => ({
      results: await mapBounded(ids, restoreConcurrency, (id) =>
        outcome(context, id, () => restoreOne(context, lifecycle, id, signal)),
      ),
    }),
  });
}

/** Brings one instance back in line with what it should be after a restart. */
async function restoreOne(
  context: ClusterContext,
  lifecycle: InstanceLifecycle,
  id: string,
  signal: AbortSignal,
): Promise<void> {
  const row = await context.db
    .selectFrom("instances")
    .select(["status", "desired_status"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return;
  if (row.status === "deleted") await lifecycle.remove(id, signal);
  else if (row.desired_status === "running") await lifecycle.bringUp(id, signal);
  else await lifecycle.bringDown(id, signal);
}

async function outcome(
  context: ClusterContext,
  id: string,
  work: () => Promise<void>,
): Promise<InstanceBulkResult> {
  const row = await context.db
    .selectFrom("instances")
    .select("name")
    .where("id", "=", id)
    .executeTakeFirst();
  const name = row?.name ?? "";
  try {
    await work();
    return { id, name, success: true, error: "" };
  } catch (error) {
    // A stopping cluster must leave the operation unfinished, so that the next start resumes it.
    if (error instanceof OperationError) {
      return { id, name, success: false, error: error.message };
    }
    throw error;
  }
}

/** Starts an operation of one of the instance kinds on the given instances. */
export function startInstanceOperation(
  context: ClusterContext,
  kind: (typeof instanceOperationKinds)[keyof typeof instanceOperationKinds],
  description: string,
  ids: readonly string[],
  payload: Record<string, unknown>,
): Promise<AmsOperation> {
  return context.operations.start({
    kind,
    description,
    resources: { instances: ids.map(instanceUrl) },
    payload,
  });
}
