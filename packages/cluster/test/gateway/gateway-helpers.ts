// Calls to a test cluster's stream gateway over its Unix socket, with the dashboard's token (as the
// dashboard server sends it) unless told otherwise, and a fake media side for signaling tests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { WebSocket } from "ws";
import type { GatewaySession, StreamViewersMessage } from "@anbox-dashboard/contract";
import type { ViewerRequest } from "../../src/streaming/control-channel.ts";
import type { TestCluster } from "../helpers/test-cluster.ts";
import type { IdleWatchOptions } from "../../src/gateway/idle-sessions.ts";
import { startGateway, type RunningGateway } from "../../src/gateway/start-gateway.ts";
import type {
  ServeSignaling,
  StreamHandle,
  StreamScreenSpec,
} from "../../src/gateway/signaling.ts";

export interface GatewayTestResponse<T = unknown> {
  status: number;
  body: {
    type: string;
    status: string;
    status_code: number;
    error: string;
    metadata: T;
    total_size?: number;
  };
  text: string;
  headers: IncomingHttpHeaders;
}

export interface GatewayRequestOptions {
  body?: unknown;
  /** A body sent as it is, as JSON. */
  raw?: string;
  /** The token to send as `Authorization: macaroon root=`; the dashboard's by default, null for none. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Another socket (a gateway started by the test). */
  socketPath?: string;
}

export function dashboardToken(cluster: TestCluster): string {
  return readFileSync(join(cluster.dataDir, "gateway-token"), "utf8").trim();
}

export function gatewayRequest<T = unknown>(
  cluster: TestCluster,
  method: string,
  path: string,
  options: GatewayRequestOptions = {},
): Promise<GatewayTestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? dashboardToken(cluster) : options.token;
  if (token !== null && headers.authorization === undefined) {
    headers.authorization = `macaroon root=${token}`;
  }
  let payload: Buffer | undefined;
  if (options.body !== undefined || options.raw !== undefined) {
    payload = Buffer.from(options.raw ?? JSON.stringify(options.body));
    headers["content-type"] = "application/json";
    headers["content-length"] = String(payload.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: options.socketPath ?? cluster.running.gateway.socketPath,
        path,
        method,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            // A preflight's answer has no body.
            const body = JSON.parse(text === "" ? "{}" : text) as GatewayTestResponse<T>["body"];
            resolve({ status: res.statusCode ?? 0, body, text, headers: res.headers });
          } catch {
            reject(new Error(`not JSON (${String(res.statusCode)}): ${text}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** The session of an instance, named by its `session=<id>` tag. */
export function sessionIdOf(tags: readonly string[]): string {
  const tag = tags.find((candidate) => candidate.startsWith("session="));
  if (tag === undefined) throw new Error(`no session tag in ${JSON.stringify(tags)}`);
  return tag.slice("session=".length);
}

export async function getSession(
  cluster: TestCluster,
  id: string,
  socketPath?: string,
): Promise<GatewaySession> {
  const response = await gatewayRequest<GatewaySession>(cluster, "GET", `/1.0/sessions/${id}`, {
    socketPath,
  });
  if (response.status !== 200) throw new Error(`get session: ${response.status} ${response.text}`);
  return response.body.metadata;
}

/** Polls (bounded) until the session has the status; fails with what it had instead. */
export async function waitForSessionStatus(
  cluster: TestCluster,
  id: string,
  status: string,
  socketPath?: string,
): Promise<GatewaySession> {
  let last: GatewaySession | undefined;
  for (let attempt = 0; attempt < 500; attempt++) {
    last = await getSession(cluster, id, socketPath);
    if (last.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`session ${id} did not become ${status}; it is ${last?.status}`);
}

export interface FakeStream {
  socket: WebSocket;
  screen: StreamScreenSpec;
  /** The reasons it was closed with, in order. */
  closeReasons: string[];
  /** The words the client was to be told, when the gateway gave some. */
  closeMessages: string[];
  closed: Promise<void>;
  /** What it was told of the stream's viewers, in order, and whether it was in control. */
  viewers: (StreamViewersMessage & { controls: boolean })[];
  /** Its viewer's request about control, as its control channel would pass it on. */
  request?: (request: ViewerRequest) => void;
}

/**
 * A media side that answers `discover` (so a test sees the socket really reached it) and, when
 * closed, closes the signaling socket with the reason (code 4000), as a visible trace; its close
 * settles after `options.closeDelayMs` (a goodbye to a viewer who has gone takes that long).
 */
export function fakeSignaling(): {
  serve: ServeSignaling;
  streams: FakeStream[];
  options: { closeDelayMs: number };
} {
  const streams: FakeStream[] = [];
  const options = { closeDelayMs: 0 };
  const serve: ServeSignaling = (socket, screen, serveOptions) => {
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => {
      markClosed = resolve;
    });
    const stream: FakeStream = {
      socket,
      screen,
      closeReasons: [],
      closeMessages: [],
      closed,
      viewers: [],
      request: serveOptions?.onViewerRequest,
    };
    streams.push(stream);
    // The client leaving ends the stream, as the real media side's does; a close the gateway
    // asked for ends it when that close is done (after closeDelayMs).
    let closingHere = false;
    socket.on("close", () => {
      if (!closingHere) markClosed();
    });
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type?: string };
      if (message.type === "discover") {
        socket.send(JSON.stringify({ type: "resp:discover", max_api_version: 2, fps: screen.fps }));
      }
    });
    let lastInputAt = Date.now();
    socket.on("message", () => {
      lastInputAt = Date.now();
    });
    const handle: StreamHandle = {
      lastInputAt: () => lastInputAt,
      setViewers: (viewers, controls) => {
        stream.viewers.push({ ...viewers, controls });
      },
      close: (reason, message) => {
        closingHere = true;
        stream.closeReasons.push(reason);
        if (message !== undefined) stream.closeMessages.push(message);
        if (socket.readyState === socket.OPEN) socket.close(4000, reason);
        return new Promise((resolve) => {
          setTimeout(() => {
            markClosed();
            resolve();
          }, options.closeDelayMs);
        });
      },
      closed,
    };
    return handle;
  };
  return { serve, streams, options };
}

/**
 * Replaces the cluster's gateway with one whose media side is a fake (`fakeSignaling`), on the
 * same socket; `idleWatch` as the gateway takes it.
 */
export async function startFakeMediaGateway(
  cluster: TestCluster,
  idleWatch?: IdleWatchOptions,
): Promise<{ gateway: RunningGateway; media: ReturnType<typeof fakeSignaling> }> {
  await cluster.running.gateway.close();
  const media = fakeSignaling();
  const gateway = await startGateway(cluster.running.context, {
    serveSignaling: media.serve,
    ...(idleWatch ? { idleWatch } : {}),
  });
  return { gateway, media };
}
