import type WebSocket from "ws";
import { clusterUnavailableCloseCode } from "./close-codes.ts";

/** What the keepalive needs of either side of a relay. */
type PingedSocket = Pick<WebSocket, "ping" | "terminate" | "on">;

export interface RelayKeepaliveOptions {
  browser: PingedSocket;
  cluster: PingedSocket;
  clusterId: string;
  /** A ping goes to both sides this often. */
  pingIntervalMs?: number | undefined;
  /** Ends the relay; the browser hears `code` and `reason` when it is still open. */
  finish: (code: number, reason: string) => void;
}

/**
 * Keeps a relay between a browser and a cluster honest: a browser that did not answer the previous
 * ping is dropped; a cluster that did not is hung, and the browser is told so (1011) to connect
 * again. (A browser session's end is the session watch's, at once: auth/session-watch.ts.)
 * Returns the function that stops it.
 */
export function keepRelayAlive(options: RelayKeepaliveOptions): () => void {
  const { browser, cluster, finish } = options;
  let browserAlive = true;
  let clusterAlive = true;
  browser.on("pong", () => {
    browserAlive = true;
  });
  cluster.on("pong", () => {
    clusterAlive = true;
  });
  const timer = setInterval(() => {
    if (!browserAlive) {
      browser.terminate();
      finish(1000, "");
      return;
    }
    if (!clusterAlive) {
      cluster.terminate();
      finish(clusterUnavailableCloseCode, `Cluster ${options.clusterId} does not answer`);
      return;
    }
    browserAlive = false;
    clusterAlive = false;
    browser.ping();
    cluster.ping();
  }, options.pingIntervalMs ?? 10_000);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
