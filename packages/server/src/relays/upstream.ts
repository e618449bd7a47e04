import WebSocket, { type ClientOptions, type RawData } from "ws";
import { closeCodeForClusterStatus, clusterUnavailableCloseCode } from "./close-codes.ts";
import { describeConnectionError } from "../clusters/connection-errors.ts";

/** A frame of a cluster's websocket. */
export interface Frame {
  data: RawData;
  isBinary: boolean;
}

/** A cluster's websocket, open, with what it sent before the relay took it over. */
export interface OpenUpstream {
  kind: "open";
  socket: WebSocket;
  /** Hands the frames received so far, then every later one, to `onFrame`, in order. */
  drain(onFrame: (frame: Frame) => void): void;
  /** How the cluster closed the socket, when it did before the relay took it over. */
  closedEarly(): { code: number; reason: string } | undefined;
}

/** Why a cluster's websocket could not be opened, as the close the browser should get. */
export interface FailedUpstream {
  kind: "failed";
  code: number;
  reason: string;
}

export type Upstream = OpenUpstream | FailedUpstream;

const maxErrorBodyChars = 2_000;

/** How a refusal of the cluster is put to the browser: what the socket is, what its secret is. */
export interface UpstreamOptions {
  /** How long the handshake may take. */
  timeoutMs?: number;
  /** What the socket carries, as in "Cluster c1 refused the events stream". */
  stream?: string;
  /** What the secret is, as in "Events token refused by cluster c1" (a 403). */
  secret?: string;
}

/**
 * Opens a cluster's websocket (`ws+unix://<socket>:/1.0/events?...` or `wss://` with the
 * endpoint's TLS trust (cluster-endpoint.ts), for its events or an exec operation's
 * `/1.0/operations/{id}/websocket?secret=`). The relay opens it before it accepts the browser's
 * upgrade, so that every frame sent after the browser's socket opened reaches the browser: a
 * client that starts an operation once connected sees all of it.
 * A refusal (4xx) becomes 4000 + (status - 400), e.g. 4003 for a refused token; an unreachable
 * cluster 1011.
 */
export function openUpstream(
  target: { url: string; options: ClientOptions },
  clusterId: string,
  options: UpstreamOptions = {},
): Promise<Upstream> {
  const { timeoutMs = 5_000, stream = "events stream", secret = "Events token" } = options;
  return new Promise((resolve) => {
    const socket = new WebSocket(target.url, { ...target.options, handshakeTimeout: timeoutMs });
    let settled = false;
    const settle = (upstream: Upstream) => {
      if (settled) return;
      settled = true;
      resolve(upstream);
    };
    const fail = (code: number, reason: string) => {
      settle({ kind: "failed", code, reason });
    };

    const pending: Frame[] = [];
    let closedEarly: { code: number; reason: string } | undefined;
    let deliver: ((frame: Frame) => void) | undefined;
    socket.on("message", (data, isBinary) => {
      if (deliver) deliver({ data, isBinary });
      else pending.push({ data, isBinary });
    });

    socket.on("open", () => {
      settle({
        kind: "open",
        socket,
        drain(onFrame) {
          for (const frame of pending.splice(0)) onFrame(frame);
          deliver = onFrame;
        },
        closedEarly: () => closedEarly,
      });
    });

    socket.on("unexpected-response", (request, response) => {
      // With this listener, ws leaves the refused request to us: read the error, then drop it.
      const status = response.statusCode ?? 0;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (body.length < maxErrorBodyChars) body += chunk;
      });
      const done = () => {
        request.destroy();
        const why = errorMessage(body) ?? `it answered ${status}`;
        fail(
          closeCodeForClusterStatus(status),
          status === 403
            ? `${secret} refused by cluster ${clusterId}: ${why}`
            : `Cluster ${clusterId} refused the ${stream}: ${why}`,
        );
      };
      response.on("end", done);
      response.on("error", done);
    });

    socket.on("error", (error) => {
      fail(
        clusterUnavailableCloseCode,
        `Cluster ${clusterId} cannot be reached: ${describeConnectionError(error)}`,
      );
    });
    socket.on("close", (code, reason) => {
      closedEarly = { code, reason: reason.toString("utf8") };
      fail(clusterUnavailableCloseCode, `Cluster ${clusterId} cannot be reached`);
    });
  });
}

/** The message of an AMS (or API) error body, when the text is one. */
function errorMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return undefined;
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === "string" && error !== "") return error;
    if (typeof message === "string" && message !== "") return message;
  } catch {
    // Not JSON: the status alone says enough.
  }
  return undefined;
}
