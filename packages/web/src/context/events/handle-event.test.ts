import { QueryClient } from "@tanstack/react-query";
import type { AmsEvent, LifecycleAction } from "@anbox-dashboard/contract";
import { describe, expect, it } from "vitest";
import { handleEvent } from "./handle-event.ts";

/** A client holding fresh data under the keys the events can make stale. */
function clientWithData() {
  const queryClient = new QueryClient();
  for (const key of [
    ["instances", "list", {}],
    ["instances", "capacity", "default", { cpus: 2 }],
    ["nodes", "page", {}],
    ["images", "list", {}],
    ["applications", "page", {}],
  ]) {
    queryClient.setQueryData(key, "data");
  }
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey))
      .sort();
  return { queryClient, stale };
}

function lifecycle(action: LifecycleAction): AmsEvent {
  return {
    type: "lifecycle",
    timestamp: "2026-11-24T00:00:00Z",
    metadata: { action, source: "/1.0/x" },
  };
}

describe("handleEvent", () => {
  it("a node's change makes the nodes and every capacity answer stale, nothing else", () => {
    const { queryClient, stale } = clientWithData();
    handleEvent(lifecycle("node-updated"), {
      queryClient,
      clusterId: "default",
      refreshOperations: () => undefined,
      invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    });
    expect(stale()).toEqual([
      JSON.stringify(["instances", "capacity", "default", { cpus: 2 }]),
      JSON.stringify(["nodes", "page", {}]),
    ]);
  });

  it("an instance's change makes every instance query and the nodes stale, not the images", () => {
    const { queryClient, stale } = clientWithData();
    handleEvent(lifecycle("instance-started"), {
      queryClient,
      clusterId: "default",
      refreshOperations: () => undefined,
      invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    });
    expect(stale()).toEqual([
      JSON.stringify(["instances", "capacity", "default", { cpus: 2 }]),
      JSON.stringify(["instances", "list", {}]),
      JSON.stringify(["nodes", "page", {}]),
    ]);
  });

  it("an application's change makes the applications and the images (their users) stale", () => {
    const { queryClient, stale } = clientWithData();
    handleEvent(lifecycle("application-updated"), {
      queryClient,
      clusterId: "default",
      refreshOperations: () => undefined,
      invalidate: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    });
    expect(stale()).toEqual([
      JSON.stringify(["applications", "page", {}]),
      JSON.stringify(["images", "list", {}]),
    ]);
  });
});
