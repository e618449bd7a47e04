// The relay's two sockets, against a stand-in cluster events socket on a Unix socket: frames in
// order, both sides closing together, and the close codes a browser sees when the cluster is gone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket, { WebSocketServer } from "ws";
import { relayEvents } from "../src/relays/one-way-relay.ts";
import { openUpstream } from "../src/relays/upstream.ts";
import type { RelayHandle } from "../src/relays/relay-handle.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A cluster stand-in: `onConnection` gets each events socket; answers `status` when given. */
async function fakeCluster(
  onConnection: (socket: WebSocket) => void,
  status?: number,
  options: { answersPings?: boolean } = {},
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "relay-test-"));
  const socketPath = join(dir, "ams.socket");
  const server: Server = createServer();
  const wss = new WebSocketServer({ noServer: true, autoPong: options.answersPings ?? true });
  server.on("upgrade", (request, socket, head) => {
    if (status !== undefined) {
      const body = JSON.stringify({ type: "error", error: "Refused: nope", error_code: status });
      socket.end(
        `HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, onConnection);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  cleanups.push(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  return `ws+unix://${socketPath}:/1.0/events?secret=t`;
}

/** A relay server on TCP whose every browser socket relays `upstreamUrl`; returns its ws:// URL. */
async function relayServer(
  upstreamUrl: string,
  pingIntervalMs?: number,
  onRelay?: (handle: RelayHandle) => void,
): Promise<string> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  wss.on("connection", (browser) => {
    void openUpstream({ url: upstreamUrl, options: {} }, "c1").then((upstream) => {
      const handle = relayEvents(browser, upstream, {
        clusterId: "c1",
        ...(pingIntervalMs === undefined ? {} : { pingIntervalMs }),
      });
      onRelay?.(handle);
    });
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      }),
  );
  const { port } = wss.address() as { port: number };
  return `ws://127.0.0.1:${port}`;
}

describe("relayEvents", () => {
  it("relays frames in order, those sent before the hand-over included", async () => {
    const clusterSockets: WebSocket[] = [];
    const url = await fakeCluster((socket) => {
      clusterSockets.push(socket);
      for (let n = 0; n < 50; n++) socket.send(JSON.stringify({ n }));
    });
    const opened = expectOpened(await connect(await relayServer(url)));
    await opened.waitForMessage((text) => text === '{"n":49}');
    expect(opened.messages).toEqual(Array.from({ length: 50 }, (_, n) => JSON.stringify({ n })));
    opened.socket.close();
  });

  it("closes the cluster's socket when the browser leaves", async () => {
    let clusterClosed: Promise<number> | undefined;
    const url = await fakeCluster((socket) => {
      clusterClosed = new Promise((resolve) => socket.on("close", resolve));
      socket.send("{}");
    });
    const opened = expectOpened(await connect(await relayServer(url)));
    await opened.waitForMessage(() => true);
    opened.socket.close(1000);
    expect(await clusterClosed).toBe(1000);
  });

  it("passes the cluster's close code and reason on to the browser", async () => {
    const url = await fakeCluster((socket) => {
      socket.close(1008, "Too many events are waiting to be sent; reconnect");
    });
    const opened = expectOpened(await connect(await relayServer(url)));
    expect(await opened.closed).toEqual({
      code: 1008,
      reason: "Too many events are waiting to be sent; reconnect",
    });
  });

  it("closes with 1011 when the cluster goes away without a close frame", async () => {
    const url = await fakeCluster((socket) => {
      setImmediate(() => {
        socket.terminate();
      });
    });
    const opened = expectOpened(await connect(await relayServer(url)));
    expect((await opened.closed).code).toBe(1011);
  });

  it("closes with 1011 when the cluster stops answering pings (a hung cluster)", async () => {
    const url = await fakeCluster(() => undefined, undefined, { answersPings: false });
    const opened = expectOpened(await connect(await relayServer(url, 50)));
    expect(await opened.closed).toEqual({ code: 1011, reason: "Cluster c1 does not answer" });
  });

  it("keeps the stream of a cluster that answers pings", async () => {
    let clusterSocket: WebSocket | undefined;
    const url = await fakeCluster((socket) => {
      clusterSocket = socket;
    });
    const opened = expectOpened(await connect(await relayServer(url, 20)));
    // About ten ping rounds pass, each answered: the relay must not count the cluster as hung.
    await new Promise((resolve) => setTimeout(resolve, 200));
    clusterSocket?.send('{"still":"here"}');
    await opened.waitForMessage((text) => text === '{"still":"here"}');
    opened.socket.close();
  });

  it("ended from outside: the browser hears the code, the cluster's socket is closed", async () => {
    let clusterClosed: Promise<number> | undefined;
    const url = await fakeCluster((socket) => {
      clusterClosed = new Promise((resolve) => socket.on("close", resolve));
    });
    let relay: RelayHandle | undefined;
    const opened = expectOpened(
      await connect(
        await relayServer(url, undefined, (handle) => {
          relay = handle;
        }),
      ),
    );
    await vi.waitFor(() => {
      expect(relay).toBeDefined();
    });
    relay?.end(4001, "Your session has ended: sign in again");
    expect(await opened.closed).toEqual({
      code: 4001,
      reason: "Your session has ended: sign in again",
    });
    expect(await clusterClosed).toBe(1000);
  });

  it("closes with 1011 when the cluster cannot be reached", async () => {
    const opened = expectOpened(
      await connect(await relayServer("ws+unix:///nonexistent/ams.socket:/1.0/events")),
    );
    expect(await opened.closed).toEqual({
      code: 1011,
      reason: "Cluster c1 cannot be reached: its socket is not there (is the cluster running?)",
    });
  });

  it("maps a 403 of the cluster to 4003 with the cluster's reason", async () => {
    const url = await fakeCluster(() => undefined, 403);
    const opened = expectOpened(await connect(await relayServer(url)));
    expect(await opened.closed).toEqual({
      code: 4003,
      reason: "Events token refused by cluster c1: Refused: nope",
    });
  });
});
