import type { AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterContext } from "../context.ts";
import { parseJsonColumn } from "../store/json-column.ts";
import type { InstanceLifecycle } from "./lifecycle.ts";
import { instanceOperationKinds, startInstanceOperation } from "./instance-operations.ts";

/** Statuses that say a device was up, on its way, or going away when the last process ended. */
const unsettledStatuses = ["created", "prepared", "started", "running", "deleted", "unknown"];

/**
 * Makes instance statuses truthful after a start. A previous process's devices are gone, so an
 * instance it left `running` (or booting) is booted again when its desired status is `running`;
 * one that should be stopped is stopped; one half-deleted is deleted. Instances that a resumed
 * operation already works on are left to it. All of this is one operation ("Restoring instances
 * after a cluster restart") with a result per instance. Undefined when nothing needed doing.
 */
export async function reconcileInstances(
  context: ClusterContext,
  lifecycle: InstanceLifecycle,
): Promise<AmsOperation | undefined> {
  const { db } = context;
  const unfinished = await db
    .selectFrom("operations")
    .select("payload")
    .where("status_code", "<", 200)
    .where("kind", "in", Object.values(instanceOperationKinds))
    .execute();
  const covered = new Set<string>();
  for (const { payload } of unfinished) {
    const parsed = parseJsonColumn<{ id?: unknown; ids?: unknown }>(payload, {});
    if (typeof parsed.id === "string") covered.add(parsed.id);
    if (Array.isArray(parsed.ids)) {
      for (const id of parsed.ids) if (typeof id === "string") covered.add(id);
    }
  }
  const rows = await db
    .selectFrom("instances")
    .select("id")
    .where("status", "in", unsettledStatuses)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const ids = rows
    .map((row) => row.id)
    .filter((id) => !covered.has(id) && !lifecycle.isTracked(id));
  if (ids.length === 0) return undefined;
  return startInstanceOperation(
    context,
    instanceOperationKinds.restore,
    "Restoring instances after a cluster restart",
    ids,
    { ids },
  );
}
