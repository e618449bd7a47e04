import type { WebSocket } from "ws";
import type { AmsEventType } from "@anbox-dashboard/contract";
import type { EventHub } from "./event-hub.ts";

/** What this code needs of a `ws` socket (typed by shape: @fastify/websocket hands over its own). */
export type EventsWebSocket = Pick<
  WebSocket,
  "readyState" | "OPEN" | "bufferedAmount" | "send" | "close" | "terminate" | "ping" | "on"
>;

export interface EventsSocketOptions {
  /**
   * A client that has this many bytes queued and unsent is too slow (or gone without a word): it is
   * closed rather than let the cluster's memory grow, and it may reconnect. Publishing never waits
   * for a client, so one slow client cannot hold up the others.
   */
  maxBufferedBytes: number;
  /** A ping goes out this often; a client that did not answer the previous one is dropped. */
  pingIntervalMs: number;
}

export const defaultEventsSocketOptions: EventsSocketOptions = {
  maxBufferedBytes: 8 * 1024 * 1024,
  pingIntervalMs: 30_000,
};

/** Close code of a client dropped for falling behind (1008: policy violation). */
export const slowClientCloseCode = 1008;

/** Streams the hub's events of `types` to one websocket until it closes. */
export function serveEventsSocket(
  socket: EventsWebSocket,
  hub: EventHub,
  types: ReadonlySet<AmsEventType>,
  options: EventsSocketOptions = defaultEventsSocketOptions,
): void {
  let alive = true;
  const unsubscribe = hub.subscribe(types, (event) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      socket.close(slowClientCloseCode, "Too many events are waiting to be sent; reconnect");
      return;
    }
    socket.send(JSON.stringify(event));
  });

  const keepalive = setInterval(() => {
    if (!alive) {
      // No pong since the last ping: the peer is gone (a half-open TCP or a stalled relay).
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, options.pingIntervalMs);
  keepalive.unref();

  socket.on("pong", () => {
    alive = true;
  });
  // The events socket is one-way; messages from the client are ignored.
  socket.on("close", () => {
    clearInterval(keepalive);
    unsubscribe();
  });
  socket.on("error", () => {
    socket.terminate();
  });
}
