import type { ClusterOperation } from "@anbox-dashboard/contract";
import { useOperations } from "../../queries/operations.ts";
import { isInteractiveShell } from "../../util/interactive-shell.ts";

/**
 * How many of the operations are work in progress: running, and not an open terminal's shell
 * (which runs for as long as its terminal is open, and is no action to wait for).
 */
export function countRunning(operations: readonly ClusterOperation[] | undefined): number {
  return (
    operations?.filter(
      (operation) => operation.status === "Running" && !isInteractiveShell(operation),
    ).length ?? 0
  );
}

/** How many operations are running across the clusters (the status bar's count). */
export function useRunningOperationsCount(): number {
  return countRunning(useOperations().data);
}
