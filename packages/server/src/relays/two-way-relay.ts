import WebSocket, { type RawData } from "ws";
import { closeReason, clusterUnavailableCloseCode, isSendableCloseCode } from "./close-codes.ts";
import { keepRelayAlive } from "./relay-keepalive.ts";
import type { Upstream } from "./upstream.ts";
import { endRelayFromOutside, type RelayHandle } from "./relay-handle.ts";

export interface TwoWayRelayOptions {
  clusterId: string;
  /**
   * A side with this many bytes queued and unsent pauses the other until half of it is sent: a
   * slow browser slows the command's output down instead of filling the server's memory.
   */
  highWaterBytes?: number;
  /**
   * A ping goes to both sides this often. A browser that did not answer the previous one is
   * dropped; a cluster that did not is hung, and the browser is told so (1011).
   */
  pingIntervalMs?: number;
}

/** What the relay needs of either socket (typed by shape: @fastify/websocket hands a `ws`). */
export type RelayedSocket = Pick<
  WebSocket,
  | "readyState"
  | "bufferedAmount"
  | "isPaused"
  | "send"
  | "close"
  | "terminate"
  | "ping"
  | "pause"
  | "resume"
  | "on"
>;

/**
 * Relays a cluster's websocket (an exec operation's terminal or control fd) and the browser's, both
 * ways, text and binary frames in order, until either side closes or the returned handle ends it;
 * then closes the other. The browser hears the cluster's close code (1011 when it cannot be sent
 * on) or, when the cluster's socket never opened, the code that says why (4003: secret refused).
 */
export function relayBothWays(
  browser: RelayedSocket,
  upstream: Upstream,
  options: TwoWayRelayOptions,
): RelayHandle {
  if (upstream.kind === "failed") {
    browser.close(upstream.code, closeReason(upstream.reason));
    return { end: () => undefined };
  }
  const cluster = upstream.socket;
  const highWaterBytes = options.highWaterBytes ?? 1024 * 1024;
  let finished = false;
  /** Ends both sides once: the browser hears `code` and `reason` when it is still open. */
  const finish = (code: number, reason: string) => {
    if (finished) return;
    finished = true;
    stopKeepalive();
    if (cluster.readyState === WebSocket.OPEN) cluster.close(1000);
    if (browser.readyState === WebSocket.OPEN) browser.close(code, closeReason(reason));
  };

  const stopKeepalive = keepRelayAlive({
    browser,
    cluster,
    clusterId: options.clusterId,
    finish,
    pingIntervalMs: options.pingIntervalMs,
  });

  /** Sends a frame on; pauses its source while the destination has too much unsent. */
  const forward = (from: RelayedSocket, to: RelayedSocket, data: RawData, isBinary: boolean) => {
    if (finished || to.readyState !== WebSocket.OPEN) return;
    to.send(data, { binary: isBinary }, () => {
      // Called as each frame leaves: the destination drains, so the source may go on.
      if (from.isPaused && to.bufferedAmount <= highWaterBytes / 2) from.resume();
    });
    if (to.bufferedAmount > highWaterBytes && !from.isPaused) from.pause();
  };

  const relayClusterClose = (code: number, reason: string) => {
    finish(
      isSendableCloseCode(code) ? code : clusterUnavailableCloseCode,
      reason !== "" ? reason : `Cluster ${options.clusterId} ended the stream`,
    );
  };
  cluster.on("close", (code, reason) => {
    relayClusterClose(code, reason.toString("utf8"));
  });
  cluster.on("error", () => {
    finish(clusterUnavailableCloseCode, `Cluster ${options.clusterId} cannot be reached`);
  });
  browser.on("close", () => {
    finish(1000, "");
  });
  browser.on("error", () => {
    browser.terminate();
  });
  browser.on("message", (data, isBinary) => {
    forward(browser, cluster, data, isBinary);
  });

  upstream.drain(({ data, isBinary }) => {
    forward(cluster, browser, data, isBinary);
  });
  // The cluster may have closed before the hand-over: its close event has passed.
  const early = upstream.closedEarly();
  if (early) relayClusterClose(early.code, early.reason);
  return { end: endRelayFromOutside(browser, finish) };
}
