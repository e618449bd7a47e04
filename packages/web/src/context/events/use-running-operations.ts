import type { ClusterOperation } from "@anbox-dashboard/contract";
import { useOperations } from "../../queries/operations.ts";

export function countRunning(operations: readonly ClusterOperation[] | undefined): number {
  return operations?.filter((operation) => operation.status === "Running").length ?? 0;
}

/** How many operations are running across the clusters (the status bar's count). */
export function useRunningOperationsCount(): number {
  return countRunning(useOperations().data);
}
