// A bulk call (instances, applications) answers how each item ended, so it waits for the cluster's
// operations: bounded, so that a slow one is reported unfinished instead of holding the answer.
import { isFinalOperationStatusCode, type AmsOperation } from "@anbox-dashboard/contract";
import type { ClusterHandle } from "./cluster-handle.ts";
import { waitForOperation } from "../ams/operations.ts";

/** How long a bulk call waits for an operation before reporting it unfinished. */
const operationWaitSeconds = 60;

/** Waits (bounded) for an operation to end; answers it as it stands when the wait runs out. */
export async function waitForBulkOperation(
  cluster: ClusterHandle,
  operation: AmsOperation,
): Promise<AmsOperation> {
  return waitForOperation(cluster, operation.id, operationWaitSeconds);
}

/** The error of an operation the wait ran out on; undefined once it has ended. */
export function unfinishedError(operation: AmsOperation): string | undefined {
  if (isFinalOperationStatusCode(operation.status_code)) return undefined;
  return `Not finished: the operation is still ${operation.status} after ${String(operationWaitSeconds)} s`;
}

/** Why a waited-for operation is no success (unfinished, or ended otherwise); undefined if it is. */
export function operationFailure(operation: AmsOperation): string | undefined {
  const unfinished = unfinishedError(operation);
  if (unfinished !== undefined) return unfinished;
  if (operation.status === "Success") return undefined;
  return operation.err || `The operation ended ${operation.status}`;
}
