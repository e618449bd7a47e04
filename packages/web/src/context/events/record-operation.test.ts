import { QueryClient } from "@tanstack/react-query";
import type { AmsOperation, ClusterOperation } from "@anbox-dashboard/contract";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../query-keys.ts";
import { recordOperation } from "./record-operation.ts";
import { countRunning } from "./use-running-operations.ts";

function operation(id: string, status: AmsOperation["status"], updatedAt: string): AmsOperation {
  return {
    id,
    class: "task",
    description: "Creating instance",
    created_at: "2026-11-25T00:00:00Z",
    updated_at: updatedAt,
    status,
    status_code: status === "Running" ? 103 : 200,
    resources: {},
    metadata: null,
    may_cancel: false,
    err: "",
    server_address: "",
  };
}

const allClusters = queryKeys.operationsList({ orderBy: "created_at", order: "desc" });
const otherCluster = queryKeys.operationsList({ clusterIds: ["lab"] });

function clientWithLists(held: ClusterOperation[] = []) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(allClusters, held);
  queryClient.setQueryData(otherCluster, []);
  const list = (key: readonly unknown[]) => queryClient.getQueryData<ClusterOperation[]>(key);
  return { queryClient, list };
}

describe("recordOperation", () => {
  it("counts a new running operation at once, in the lists that follow its cluster only", () => {
    const { queryClient, list } = clientWithLists();
    recordOperation(queryClient, "default", operation("op-1", "Running", "2026-11-25T00:00:01Z"));
    expect(countRunning(list(allClusters))).toBe(1);
    expect(list(allClusters)?.[0]?.clusterId).toBe("default");
    expect(list(otherCluster)).toEqual([]);
  });

  it("ends the count when the operation's success arrives", () => {
    const { queryClient, list } = clientWithLists();
    recordOperation(queryClient, "default", operation("op-1", "Running", "2026-11-25T00:00:01Z"));
    recordOperation(queryClient, "default", operation("op-1", "Success", "2026-11-25T00:00:03Z"));
    expect(list(allClusters)).toHaveLength(1);
    expect(countRunning(list(allClusters))).toBe(0);
  });

  it("keeps a newer status than a late event's, and tells operations of two clusters apart", () => {
    const { queryClient, list } = clientWithLists([
      { ...operation("op-1", "Success", "2026-11-25T00:00:05Z"), clusterId: "default" },
    ]);
    recordOperation(queryClient, "default", operation("op-1", "Running", "2026-11-25T00:00:01Z"));
    expect(countRunning(list(allClusters))).toBe(0);
    // The same id on another cluster is another operation.
    recordOperation(queryClient, "lab", operation("op-1", "Running", "2026-11-25T00:00:02Z"));
    expect(list(allClusters)).toHaveLength(2);
    expect(countRunning(list(otherCluster))).toBe(1);
  });

  it("leaves a list that was never fetched unfetched", () => {
    const queryClient = new QueryClient();
    recordOperation(queryClient, "default", operation("op-1", "Running", "2026-11-25T00:00:01Z"));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
