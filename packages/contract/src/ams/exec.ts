// The LXD exec protocol as AMS speaks it (`POST /1.0/instances/{id}/exec`), and the events token.

/** Body of `POST /1.0/instances/{id_or_name}/exec`. */
export interface AmsExecRequest {
  /** The program and its arguments, e.g. `["/bin/sh"]`. */
  command: string[];
  environment?: Record<string, string>;
  /** True: one PTY behind fd "0" (stdin and output). False: separate fds "0", "1", "2". */
  interactive?: boolean;
  /** Terminal size in columns and rows (interactive only). */
  width?: number;
  height?: number;
  /** Accepted for compatibility; the process always waits for every fd's websocket. */
  "wait-for-websocket"?: boolean;
}

/** A frame on the exec operation's "control" websocket. Sizes are strings, as in LXD. */
export type AmsExecControl =
  | { command: "window-resize"; args: { width: string; height: string } }
  | { command: "signal"; signal: number };

/** Metadata of an exec operation (class `websocket`): one secret per fd; `return` once it exited. */
export interface AmsExecOperationMetadata {
  fds: Record<string, string>;
  return?: number;
}

/** `POST /1.0/events/auth`: a short-lived token for `GET /1.0/events?secret=<token>`. */
export interface AmsEventsToken {
  token: string;
}
