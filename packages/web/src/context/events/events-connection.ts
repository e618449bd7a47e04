import type { AmsEvent } from "@anbox-dashboard/contract";

/** At most this many retries after a failed connection, then the failure is reported. */
export const maxConnectionRetries = 5;
/** Retry n waits n times this long (250, 500, … ms): a cluster that restarts gets time to. */
export const retryDelayBaseMs = 250;
/** After the failure was reported, one more try this often: a cluster that comes back is heard. */
export const slowRetryDelayMs = 15_000;

/** What the connection needs of a websocket: the browser's, or a test's stand-in. */
export interface EventsSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface EventsConnectionOptions {
  clusterId: string;
  /** The cluster's position in `GET /api/clusters`: the relay's path names it. */
  clusterIndex: number;
  fetchToken: (clusterId: string, signal: AbortSignal) => Promise<string>;
  socketUrl: (clusterIndex: number, token: string) => string;
  createSocket?: (url: string) => EventsSocket;
  onEvent: (event: AmsEvent) => void;
  /** The socket opened: events sent while it was not open are lost, so what is cached may be old. */
  onOpen?: (clusterId: string) => void;
  /** Called once, after the last quick retry failed; it is then tried every 15 s. */
  onConnectionFailure: (clusterId: string) => void;
  /** Called when a socket opens again after the failure was reported. */
  onRecovered?: (clusterId: string) => void;
}

/**
 * Keeps one cluster's events websocket open: a fresh token for every attempt (tokens are
 * short-lived), retries with growing delay after a failure (a refused token, an unreachable
 * cluster, a dropped connection), and a report once the quick retries are exhausted; then a try
 * every 15 s, so that a cluster that comes back (restarted, its machine up again) is followed
 * again without a reload, and said to be back. A connection that opened resets the count, so a
 * later drop gets its full set of retries again. Returns the function that closes it for good.
 */
export function connectEvents(options: EventsConnectionOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let failures = 0;
  let stopped = false;
  let socket: EventsSocket | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenRequest: AbortController | undefined;

  let reported = false;

  const failed = () => {
    if (stopped) return;
    socket = undefined;
    failures += 1;
    if (failures > maxConnectionRetries && !reported) {
      reported = true;
      options.onConnectionFailure(options.clusterId);
    }
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void attempt();
      },
      reported ? slowRetryDelayMs : retryDelayBaseMs * failures,
    );
  };

  const attempt = async () => {
    tokenRequest = new AbortController();
    let token: string;
    try {
      token = await options.fetchToken(options.clusterId, tokenRequest.signal);
    } catch {
      failed();
      return;
    }
    if (stopped) return;
    const opened = createSocket(options.socketUrl(options.clusterIndex, token));
    socket = opened;
    opened.onopen = () => {
      failures = 0;
      options.onOpen?.(options.clusterId);
      if (reported) {
        reported = false;
        options.onRecovered?.(options.clusterId);
      }
    };
    opened.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (event) options.onEvent(event);
    };
    // A failed handshake fires error then close; the close alone decides, so it counts once.
    opened.onerror = () => undefined;
    opened.onclose = () => {
      if (socket === opened) failed();
    };
  };

  void attempt();

  return () => {
    stopped = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    tokenRequest?.abort();
    const open = socket;
    socket = undefined;
    open?.close(1000);
  };
}

/** The event a text frame carries; anything else is logged and ignored (the stream goes on). */
export function parseEvent(data: unknown): AmsEvent | undefined {
  if (typeof data !== "string") {
    console.warn("Ignored an events message that is not text", data);
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(data);
    if (
      typeof value === "object" &&
      value !== null &&
      "type" in value &&
      typeof value.type === "string" &&
      "metadata" in value &&
      typeof value.metadata === "object" &&
      value.metadata !== null
    ) {
      return value as AmsEvent;
    }
  } catch {
    // Fall through: not JSON.
  }
  console.warn("Ignored an events message that is not an event", data);
  return undefined;
}
