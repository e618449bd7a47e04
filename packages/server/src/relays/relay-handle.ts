import WebSocket from "ws";

/** A relay as its route sees it: the way to end it from outside (the browser session ended). */
export interface RelayHandle {
  /** Closes the cluster's side at once and tells the browser `code` and `reason`. */
  end(code: number, reason: string): void;
}

/** A browser that does not answer the close handshake in this time is cut off. */
const closeHandshakeMs = 1_000;

/**
 * Ends a relay from outside: `finish` closes the cluster's side at once (a terminal stops taking
 * commands) and starts the browser's close handshake; a browser that does not complete it is
 * terminated, so that an uncooperative client keeps nothing open.
 */
export function endRelayFromOutside(
  browser: Pick<WebSocket, "readyState" | "terminate">,
  finish: (code: number, reason: string) => void,
): (code: number, reason: string) => void {
  return (code, reason) => {
    finish(code, reason);
    const timer = setTimeout(() => {
      if (browser.readyState !== WebSocket.CLOSED) browser.terminate();
    }, closeHandshakeMs);
    timer.unref();
  };
}
