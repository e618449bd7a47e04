import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AmsEvent } from "@anbox-dashboard/contract";
import { connectEvents, maxConnectionRetries, slowRetryDelayMs } from "./events-connection.ts";
import { FakeSocket } from "./fake-socket.test-support.ts";

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.created = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start(
  fetchToken = vi.fn((_id: string) => Promise.resolve(`token-${FakeSocket.created.length}`)),
  onRecovered?: (clusterId: string) => void,
) {
  const events: AmsEvent[] = [];
  const onConnectionFailure = vi.fn<(clusterId: string) => void>();
  const close = connectEvents({
    clusterId: "default",
    clusterIndex: 2,
    fetchToken,
    socketUrl: (index, token) => `ws://dashboard/ams/${index}/1.0/events?secret=${token}`,
    createSocket: FakeSocket.create,
    onEvent: (event) => events.push(event),
    onConnectionFailure,
    onRecovered,
  });
  return { events, onConnectionFailure, close, fetchToken };
}

const lifecycle = {
  type: "lifecycle",
  timestamp: "2026-11-22T10:00:00Z",
  metadata: { action: "instance-created", source: "/1.0/instances/i1" },
};

describe("connectEvents", () => {
  it("opens the cluster's socket with a fresh token and hands its events over", async () => {
    const { events, fetchToken } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToken).toHaveBeenCalledWith("default", expect.any(AbortSignal));
    expect(FakeSocket.last().url).toBe("ws://dashboard/ams/2/1.0/events?secret=token-0");
    FakeSocket.last().open();
    FakeSocket.last().receive(JSON.stringify(lifecycle));
    expect(events).toEqual([lifecycle]);
  });

  it("retries 5 times, 250 ms × attempt apart, then reports the cluster once and tries every 15 s", async () => {
    const { onConnectionFailure } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.created).toHaveLength(1);
    for (let attempt = 1; attempt <= maxConnectionRetries; attempt++) {
      FakeSocket.last().fail();
      await vi.advanceTimersByTimeAsync(250 * attempt - 1);
      expect(FakeSocket.created).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.created).toHaveLength(attempt + 1);
      // Each attempt asks for a new token: the last one may have been refused.
      expect(FakeSocket.last().url).toContain(`secret=token-${attempt}`);
    }
    expect(onConnectionFailure).not.toHaveBeenCalled();
    FakeSocket.last().fail(4003);
    expect(onConnectionFailure).toHaveBeenCalledExactlyOnceWith("default");
    await vi.advanceTimersByTimeAsync(slowRetryDelayMs - 1);
    expect(FakeSocket.created).toHaveLength(maxConnectionRetries + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.created).toHaveLength(maxConnectionRetries + 2);
    // Still down: reported once only, tried again 15 s later.
    FakeSocket.last().fail();
    await vi.advanceTimersByTimeAsync(slowRetryDelayMs);
    expect(FakeSocket.created).toHaveLength(maxConnectionRetries + 3);
    expect(onConnectionFailure).toHaveBeenCalledOnce();
  });

  it("says when a cluster reported down is heard again, and retries quickly after that", async () => {
    const onRecovered = vi.fn<(clusterId: string) => void>();
    const { onConnectionFailure } = start(undefined, onRecovered);
    await vi.advanceTimersByTimeAsync(0);
    for (let attempt = 1; attempt <= maxConnectionRetries + 1; attempt++) {
      FakeSocket.last().fail();
      await vi.advanceTimersByTimeAsync(250 * attempt);
    }
    expect(onConnectionFailure).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(slowRetryDelayMs);
    expect(onRecovered).not.toHaveBeenCalled();
    FakeSocket.last().open();
    expect(onRecovered).toHaveBeenCalledExactlyOnceWith("default");
    const opened = FakeSocket.created.length;
    FakeSocket.last().fail();
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.created).toHaveLength(opened + 1);
  });

  it("counts a failed token request as a failed attempt", async () => {
    const fetchToken = vi.fn(() => Promise.reject(new Error("503")));
    const { onConnectionFailure } = start(fetchToken);
    await vi.advanceTimersByTimeAsync(250 + 500 + 750 + 1000 + 1250);
    expect(fetchToken).toHaveBeenCalledTimes(6);
    expect(onConnectionFailure).toHaveBeenCalledExactlyOnceWith("default");
    expect(FakeSocket.created).toHaveLength(0);
  });

  it("starts counting afresh once a connection opened", async () => {
    const { onConnectionFailure } = start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.last().fail();
    await vi.advanceTimersByTimeAsync(250);
    FakeSocket.last().fail();
    await vi.advanceTimersByTimeAsync(500);
    FakeSocket.last().open();
    // Dropped later: the first retry comes after 250 ms again.
    FakeSocket.last().fail();
    await vi.advanceTimersByTimeAsync(250);
    expect(FakeSocket.created).toHaveLength(4);
    expect(onConnectionFailure).not.toHaveBeenCalled();
  });

  it("logs and ignores a message that is not text, or not an event", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { events } = start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.last().open();
    FakeSocket.last().receive(new ArrayBuffer(4));
    FakeSocket.last().receive("{not json");
    FakeSocket.last().receive(JSON.stringify(lifecycle));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/not text/);
    expect(events).toEqual([lifecycle]);
  });

  it("closes for good: no retry after the close", async () => {
    const { close, onConnectionFailure } = start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.last();
    socket.open();
    close();
    expect(socket.closedByClient).toBe(true);
    socket.fail(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(onConnectionFailure).not.toHaveBeenCalled();
  });
});
