import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { notifyManager, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { createQueryClient } from "../query-client.ts";
import { EventsProvider } from "./EventsProvider.tsx";
import { useRunningOperationsCount } from "./use-running-operations.ts";
import { registerOperationFailureHandler } from "./operation-failure-handlers.ts";
import { FakeSocket } from "./fake-socket.test-support.ts";
import { makeSessionInfo } from "../../test-support/session-info.ts";

const info = makeSessionInfo({ registry_automatic: true });

function operation(id: string, status: ClusterOperation["status"]): ClusterOperation {
  return {
    id,
    class: "task",
    description: "Creating instance",
    created_at: "2026-11-22T10:00:00Z",
    updated_at: "2026-11-22T10:00:00Z",
    status,
    status_code: status === "Running" ? 103 : 200,
    resources: { instances: ["/1.0/instances/i1"] },
    metadata: null,
    may_cancel: false,
    err: "",
    server_address: "",
    clusterId: "default",
  };
}

let operations: ClusterOperation[] = [];
let operationCalls: URL[] = [];

beforeEach(() => {
  // Only the timers the provider uses: reading a Response body relies on setImmediate.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  // TanStack Query batches renders on a timer of its own: run them without waiting.
  notifyManager.setScheduler(queueMicrotask);
  // The provider starts after the first page's frame (context/first-page-shown.ts): here, the
  // frame is at once and the task after it is run by the fake timers.
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => {
    callback();
    return 0;
  });
  FakeSocket.created = [];
  operations = [operation("op-1", "Running"), operation("op-2", "Success")];
  operationCalls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL) => {
      const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
      if (url.pathname === "/api/info") return json(info);
      if (url.pathname === "/api/events/auth") return json({ metadata: { token: "t" } });
      if (url.pathname === "/api/operations") {
        operationCalls.push(url);
        return json({ metadata: operations });
      }
      return Promise.resolve(new Response("{}", { status: 404 }));
    }),
  );
});

afterEach(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function socketAt(index: number): FakeSocket {
  const socket = FakeSocket.created[index];
  if (!socket) throw new Error(`no socket ${String(index)}`);
  return socket;
}

function RunningCount() {
  return <p>{`${String(useRunningOperationsCount())} running`}</p>;
}

function renderProvider(onConnectionFailure = vi.fn(), client: QueryClient = createQueryClient()) {
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <EventsProvider
        clusters={[{ id: "default" }, { id: "second" }]}
        onConnectionFailure={onConnectionFailure}
        createSocket={FakeSocket.create}
      >
        <RunningCount />
      </EventsProvider>
    </QueryClientProvider>,
  );
  return { client, onConnectionFailure, unmount };
}

/** Lets `ms` pass, and the fetches, renders and code loads that follow settle. */
async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let n = 0; n < 10; n++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

function send(socket: FakeSocket, event: unknown) {
  act(() => {
    socket.receive(JSON.stringify(event));
  });
}

const operationEvent = (id: string, status: string, err = "") => ({
  type: "operation",
  timestamp: "2026-11-22T10:00:01Z",
  metadata: { ...operation(id, "Running"), status, err },
});

describe("EventsProvider", () => {
  // First in this file: the first page is shown once per page load (first-page-shown.ts keeps it),
  // and every later test starts with it shown.
  it("opens its sockets only once the first page is shown, or after 3 s", async () => {
    const client = createQueryClient();
    // The page's own data, still loading.
    void client.query({
      queryKey: ["the-first-page"],
      queryFn: () => new Promise<never>(() => undefined),
    });
    renderProvider(vi.fn(), client);
    await settle(2_900);
    expect(FakeSocket.created).toHaveLength(0);
    await settle(100);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it("opens one socket per cluster, by its index, with a token", async () => {
    renderProvider();
    await settle();
    expect(FakeSocket.created.map((socket) => new URL(socket.url).pathname)).toEqual([
      "/ams/0/1.0/events",
      "/ams/1/1.0/events",
    ]);
    expect(new URL(FakeSocket.created[0]?.url ?? "").searchParams.get("secret")).toBe("t");
    expect(new URL(FakeSocket.created[0]?.url ?? "").protocol).toBe("ws:");
  });

  it("asks for the running operations once the clusters are known, for those clusters only", async () => {
    const client = createQueryClient();
    const tree = (clusters: { id: string }[] | undefined) => (
      <QueryClientProvider client={client}>
        <EventsProvider
          clusters={clusters}
          onConnectionFailure={vi.fn()}
          createSocket={FakeSocket.create}
        >
          <RunningCount />
        </EventsProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(tree(undefined));
    await settle();
    expect(operationCalls).toEqual([]);
    rerender(tree([{ id: "default" }, { id: "second" }]));
    await settle();
    expect(operationCalls.map((url) => url.searchParams.get("subclusters"))).toEqual([
      "default,second",
    ]);
  });

  it("counts running operations of the clusters, refreshed by events at most every 2 s", async () => {
    renderProvider();
    await settle();
    expect(screen.getByText("1 running")).toBeInTheDocument();
    expect(new URL(operationCalls[0] ?? "").searchParams.get("subclusters")).toBe("default,second");
    const socket = socketAt(0);
    socket.open();
    // Opening refreshes at once (events may have been missed before); the next 2 s are throttled.
    await settle(2_000);
    expect(operationCalls).toHaveLength(2);
    operations = [operation("op-1", "Running"), operation("op-3", "Running")];
    send(socket, operationEvent("op-3", "Running"));
    // Handled 250 ms later, not before.
    await settle(249);
    expect(operationCalls).toHaveLength(2);
    await settle(1);
    expect(operationCalls).toHaveLength(3);
    expect(screen.getByText("2 running")).toBeInTheDocument();
    // A burst: one refetch at the end of the 2 s window, not one per event.
    for (let n = 0; n < 5; n++) send(socket, operationEvent("op-3", "Running"));
    await settle(1_000);
    expect(operationCalls).toHaveLength(3);
    await settle(1_000);
    expect(operationCalls).toHaveLength(4);
  });

  it("refreshes the operations and every cached group when a socket opens", async () => {
    const { client } = renderProvider();
    await settle();
    for (const key of [
      ["instances", "list"],
      ["applications"],
      ["images"],
      ["nodes"],
      ["config"],
    ]) {
      client.setQueryData(key, "cached");
    }
    const before = operationCalls.length;
    act(() => {
      socketAt(0).open();
    });
    await settle();
    expect(operationCalls).toHaveLength(before + 1);
    for (const key of [
      ["instances", "list"],
      ["applications"],
      ["images"],
      ["nodes"],
      ["config"],
    ]) {
      expect(client.getQueryState(key)?.isInvalidated, key.join("/")).toBe(true);
    }
  });

  it("calls the failure handler of a failed operation with its error", async () => {
    renderProvider();
    await settle();
    const failed = vi.fn();
    registerOperationFailureHandler("op-9", failed);
    const socket = socketAt(1);
    socket.open();
    send(socket, operationEvent("op-9", "Failure", "No node has room"));
    await settle(250);
    expect(failed).toHaveBeenCalledExactlyOnceWith("No node has room");
  });

  it("invalidates the cached groups a lifecycle event touches, and no other", async () => {
    const { client } = renderProvider();
    await settle();
    const socket = socketAt(0);
    socket.open();
    await settle();
    for (const key of [["instances", "list"], ["instances", "i1"], ["images"], ["config"]]) {
      client.setQueryData(key, "cached");
    }
    send(socket, {
      type: "lifecycle",
      timestamp: "2026-11-22T10:00:01Z",
      metadata: { action: "instance-running", source: "/1.0/instances/i1" },
    });
    // The socket's opening refreshed every group: this event's refresh comes at the end of that
    // second (lifecycleRefetchIntervalMs).
    await settle(1_000);
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(["instances", "list"])).toBe(true);
    expect(stale(["instances", "i1"])).toBe(true);
    expect(stale(["images"])).toBe(false);
    expect(stale(["config"])).toBe(false);
  });

  it("coalesces a burst of lifecycle events: a group refreshed at once, then once a second, the last event never lost", async () => {
    const { client } = renderProvider();
    await settle();
    const socket = socketAt(0);
    socket.open();
    await settle(1_500); // the opening's refresh of every group is behind
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const instanceRefreshes = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === "instances").length;
    for (let index = 0; index < 100; index++) {
      send(socket, {
        type: "lifecycle",
        timestamp: "2026-11-22T10:00:01Z",
        metadata: { action: "instance-started", source: `/1.0/instances/i${String(index)}` },
      });
    }
    await settle(250);
    expect(instanceRefreshes()).toBe(1);
    await settle(1_000);
    expect(instanceRefreshes()).toBe(2);
    await settle(3_000);
    expect(instanceRefreshes()).toBe(2);
  });

  it("reports a cluster whose socket keeps failing, after the retries", async () => {
    const { onConnectionFailure } = renderProvider();
    await settle();
    for (let attempt = 1; attempt <= 6; attempt++) {
      const socket = FakeSocket.created.filter((s) => s.url.includes("/ams/1/")).at(-1);
      act(() => socket?.fail());
      await settle(250 * attempt);
    }
    expect(onConnectionFailure).toHaveBeenCalledExactlyOnceWith("second");
  });

  it("closes the sockets when unmounted", async () => {
    const { unmount } = renderProvider();
    await settle();
    unmount();
    expect(FakeSocket.created.every((socket) => socket.closedByClient)).toBe(true);
  });
});
