import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { EventHub } from "./event-hub.ts";
import { serveEventsSocket, slowClientCloseCode } from "./events-socket.ts";

/** Just enough of a ws socket: what was sent, closed, pinged; a settable bufferedAmount. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  terminated = false;
  pings = 0;
  send(data: string): void {
    this.sent.push(data);
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
    this.emit("close");
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit("close");
  }
  ping(): void {
    this.pings++;
  }
}

function serve(hub: EventHub, socket: FakeSocket): void {
  serveEventsSocket(socket as unknown as WebSocket, hub, new Set(["logging"]), {
    maxBufferedBytes: 1000,
    pingIntervalMs: 100,
  });
}

const logging = { type: "logging", metadata: { level: "info", message: "m" } } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe("serveEventsSocket", () => {
  it("closes a client that falls behind without holding up the others", () => {
    const hub = new EventHub();
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    serve(hub, slow);
    serve(hub, fast);
    slow.bufferedAmount = 5000;
    hub.publish(logging);
    expect(slow.closedWith).toBe(slowClientCloseCode);
    expect(fast.sent).toHaveLength(1);
    expect(hub.subscriberCount).toBe(1);
  });

  it("drops a client that stops answering pings", () => {
    vi.useFakeTimers();
    const hub = new EventHub();
    const answering = new FakeSocket();
    const silent = new FakeSocket();
    answering.ping = () => {
      answering.pings++;
      answering.emit("pong");
    };
    serve(hub, answering);
    serve(hub, silent);
    vi.advanceTimersByTime(100);
    expect(silent.pings).toBe(1);
    vi.advanceTimersByTime(100);
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBe(2);
    expect(hub.subscriberCount).toBe(1);
  });
});
