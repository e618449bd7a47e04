import WebSocket from "ws";
import {
  closeReason,
  clusterUnavailableCloseCode,
  isSendableCloseCode,
  slowClientCloseCode,
} from "./close-codes.ts";
import { keepRelayAlive } from "./relay-keepalive.ts";
import type { Upstream } from "./upstream.ts";
import { endRelayFromOutside, type RelayHandle } from "./relay-handle.ts";

export interface RelayOptions {
  clusterId: string;
  /** A browser with this many bytes queued and unsent is too slow (or gone): it is closed. */
  maxBufferedBytes?: number;
  /**
   * A ping goes to both sides this often. A browser that did not answer the previous one is
   * dropped; a cluster that did not is hung, and the browser is told so (1011) to connect again.
   */
  pingIntervalMs?: number;
  /**
   * Each text frame as the browser may see it, or undefined to leave it out (a user who may view
   * only some of the cluster); every frame as it came when not given.
   */
  seenAs?: (frame: string) => string | undefined;
}

/** What the relay needs of the browser's socket (typed by shape: @fastify/websocket hands a `ws`). */
export type BrowserSocket = Pick<
  WebSocket,
  "readyState" | "bufferedAmount" | "send" | "close" | "terminate" | "ping" | "on"
>;

/**
 * Relays the cluster's events socket to the browser's, frames in order, until either side closes
 * or the returned handle ends it; then closes the other: the browser hears the cluster's close
 * code (1011 when it cannot be sent) or, when the upstream never opened, the code that says why
 * (4003: token refused). Browser messages are ignored: the events socket is one-way.
 */
export function relayEvents(
  browser: BrowserSocket,
  upstream: Upstream,
  options: RelayOptions,
): RelayHandle {
  if (upstream.kind === "failed") {
    browser.close(upstream.code, closeReason(upstream.reason));
    return { end: () => undefined };
  }
  const { socket } = upstream;
  const maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
  let finished = false;
  /** Ends both sides once: the browser hears `code` and `reason` when it is still open. */
  const finish = (code: number, reason: string) => {
    if (finished) return;
    finished = true;
    stopKeepalive();
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    if (browser.readyState === WebSocket.OPEN) browser.close(code, closeReason(reason));
  };

  const stopKeepalive = keepRelayAlive({
    browser,
    cluster: socket,
    clusterId: options.clusterId,
    finish,
    pingIntervalMs: options.pingIntervalMs,
  });

  const relayClose = (code: number, reason: string) => {
    finish(
      isSendableCloseCode(code) ? code : clusterUnavailableCloseCode,
      reason !== "" ? reason : `Cluster ${options.clusterId} ended the events stream`,
    );
  };
  socket.on("close", (code, reason) => {
    relayClose(code, reason.toString("utf8"));
  });
  socket.on("error", () => {
    finish(clusterUnavailableCloseCode, `Cluster ${options.clusterId} cannot be reached`);
  });
  browser.on("close", () => {
    finish(1000, "");
  });
  browser.on("error", () => {
    browser.terminate();
  });

  upstream.drain(({ data, isBinary }) => {
    if (finished || browser.readyState !== WebSocket.OPEN) return;
    if (browser.bufferedAmount > maxBufferedBytes) {
      finish(slowClientCloseCode, "Too many events are waiting to be sent; reconnect");
      return;
    }
    if (options.seenAs === undefined) {
      browser.send(data, { binary: isBinary });
      return;
    }
    // Events are JSON text: a binary frame, or one the filter fails on, is left out, never sent.
    let seen: string | undefined;
    try {
      seen = isBinary ? undefined : options.seenAs(textOfFrame(data));
    } catch {
      seen = undefined;
    }
    if (seen !== undefined) browser.send(seen);
  });
  // The cluster may have closed before the hand-over: its close event has passed.
  const early = upstream.closedEarly();
  if (early) relayClose(early.code, early.reason);
  return { end: endRelayFromOutside(browser, finish) };
}

function textOfFrame(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
