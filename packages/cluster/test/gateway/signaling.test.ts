import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsOperation } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { getInstance, writeAndWait } from "../helpers/instance-helpers.ts";
import { connectUnix, refusalOf } from "../helpers/unix-websocket.ts";
import {
  createApplication,
  manifestYaml,
  minimalManifest,
} from "../helpers/application-packages.ts";
import { startGateway, type RunningGateway } from "../../src/gateway/start-gateway.ts";
import { readScreenState } from "../../src/streaming/screen-registry.ts";
import {
  startFakeMediaGateway,
  type fakeSignaling,
  gatewayRequest,
  sessionIdOf,
  waitForSessionStatus,
  type FakeStream,
} from "./gateway-helpers.ts";

let cluster: TestCluster;
let gateway: RunningGateway;
let media: ReturnType<typeof fakeSignaling>;

// The cluster's gateway is replaced by one whose media side is a fake, on the same socket.
beforeAll(async () => {
  cluster = await startTestCluster({ bootStepDelayMs: 50 });
  ({ gateway, media } = await startFakeMediaGateway(cluster));
});

afterAll(async () => {
  await gateway.close();
  await cluster.destroy();
});

async function streamingSession(
  config: Record<string, unknown> = {},
): Promise<{ instanceId: string; sessionId: string }> {
  const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", {
    body: { config: { enable_streaming: true, ...config } },
  });
  const instanceId = response.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
  await cluster.waitOperation(response.body.metadata.id);
  const sessionId = sessionIdOf((await getInstance(cluster, instanceId)).tags);
  await waitForSessionStatus(cluster, sessionId, "active");
  return { instanceId, sessionId };
}

async function joinUrl(sessionId: string): Promise<string> {
  const response = await gatewayRequest<{ url: string }>(
    cluster,
    "POST",
    `/1.0/sessions/${sessionId}/join`,
    {
      body: {},
    },
  );
  if (response.status !== 200) throw new Error(`join: ${response.status} ${response.text}`);
  return response.body.metadata.url;
}

const connect = (path: string) => connectUnix(gateway.socketPath, path);

/** Waits (bounded) until the fake media side has been handed `count` streams. */
async function streamNumber(count: number): Promise<FakeStream> {
  for (let attempt = 0; attempt < 500 && media.streams.length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const stream = media.streams[count - 1];
  if (!stream) throw new Error(`the media side got ${media.streams.length} streams, not ${count}`);
  return stream;
}

describe("the signaling websocket", () => {
  it("refuses a missing token (401), an unknown one (403) and one for another session (403)", async () => {
    const { sessionId } = await streamingSession();
    const other = await streamingSession();
    const base = `/1.0/session/${sessionId}/sockets/master`;

    const missing = await refusalOf(connect(base));
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toMatchObject({
      type: "error",
      status: "failed",
      error: "A join token is required: use the URL that joining the session returned",
    });
    const unknown = await refusalOf(connect(`${base}?token=made-up`));
    expect(unknown.status).toBe(403);
    expect((JSON.parse(unknown.body) as { error: string }).error).toBe(
      "The join token is not valid (each token works once): join the session again",
    );
    const foreignUrl = await joinUrl(other.sessionId);
    const foreignToken = foreignUrl.split("token=")[1] ?? "";
    const foreign = await refusalOf(connect(`${base}?token=${foreignToken}`));
    expect(foreign.status).toBe(403);
    expect((JSON.parse(foreign.body) as { error: string }).error).toBe(
      "The join token is for another session",
    );
    // No service-account token was needed, and nothing reached the media side.
    expect(media.streams.filter((stream) => stream.screen.instanceId === other.instanceId)).toEqual(
      [],
    );
  });

  it("hands a good connection to the media side with the instance's screen; the token works once", async () => {
    const { instanceId, sessionId } = await streamingSession({
      display: { width: 720, height: 1280, fps: 30, density: 320 },
    });
    const before = media.streams.length;
    const url = await joinUrl(sessionId);
    const client = await connect(url);
    // Sent at once, as the SDK does: it must reach the media side even though it was not listening yet.
    client.socket.send(JSON.stringify({ type: "discover" }));
    await client.waitFor(/"type":"resp:discover"/);
    const stream = await streamNumber(before + 1);
    const instance = await getInstance(cluster, instanceId);
    expect(stream.screen).toEqual({
      instanceId,
      instanceName: instance.name,
      source: `${instance.image_name} (image)`,
      width: 720,
      height: 1280,
      fps: 30,
      density: 320,
      // Where the stream writes what the device did (its android.log).
      logsDir: expect.stringMatching(/\/logs$/) as unknown,
    });
    const again = await refusalOf(connect(url));
    expect(again.status).toBe(403);
    client.socket.close();
  });

  it("lets a second viewer take over: the first stream is closed with taken-over", async () => {
    const { sessionId } = await streamingSession();
    const before = media.streams.length;
    const first = await connect(await joinUrl(sessionId));
    const firstStream = await streamNumber(before + 1);
    const second = await connect(await joinUrl(sessionId));
    const secondStream = await streamNumber(before + 2);
    expect(await first.closed).toEqual({ code: 4000, reason: "taken-over" });
    expect(firstStream.closeReasons).toEqual(["taken-over"]);
    expect(secondStream.closeReasons).toEqual([]);
    second.socket.send(JSON.stringify({ type: "discover" }));
    await second.waitFor(/resp:discover/);
    second.socket.close();
  });

  it("does not keep a new viewer waiting while the previous one is told it was taken over", async () => {
    const { sessionId } = await streamingSession();
    const before = media.streams.length;
    media.options.closeDelayMs = 3_000;
    try {
      const first = await connect(await joinUrl(sessionId));
      const firstStream = await streamNumber(before + 1);
      let firstClosed = false;
      void firstStream.closed.then(() => {
        firstClosed = true;
      });
      const second = await connect(await joinUrl(sessionId));
      second.socket.send(JSON.stringify({ type: "discover" }));
      await second.waitFor(/resp:discover/);
      // The new viewer is served while the previous stream's close is still going on.
      expect(firstStream.closeReasons).toEqual(["taken-over"]);
      expect(firstClosed).toBe(false);
      second.socket.close();
      first.socket.close();
    } finally {
      media.options.closeDelayMs = 0;
    }
  });

  it("closes the stream with session-ended when the instance is deleted", async () => {
    const { instanceId, sessionId } = await streamingSession();
    const before = media.streams.length;
    const client = await connect(await joinUrl(sessionId));
    const stream = await streamNumber(before + 1);
    await writeAndWait(cluster, "DELETE", `/1.0/instances/${instanceId}`, { force: true });
    expect(await client.closed).toEqual({ code: 4000, reason: "session-ended" });
    expect(stream.closeReasons).toEqual(["session-ended"]);
    await waitForSessionStatus(cluster, sessionId, "terminated");
  });

  it("closes the stream of a viewer who came through a share link when the share is deleted", async () => {
    const { sessionId } = await streamingSession();
    const created = await gatewayRequest<{ id: string }>(
      cluster,
      "POST",
      `/1.0/sessions/${sessionId}/share`,
      {
        body: { expiry_at: new Date(Date.now() + 600_000).toISOString() },
      },
    );
    const shareId = created.body.metadata.id;
    // A token issued through the share but not yet used dies with it too. (Issued first: a join
    // disconnects the stream's current viewer.)
    const pending = await gatewayRequest<{ url: string }>(
      cluster,
      "POST",
      `/1.0/shares/${shareId}/join`,
      {
        body: {},
      },
    );
    const joined = await gatewayRequest<{ url: string }>(
      cluster,
      "POST",
      `/1.0/shares/${shareId}/join`,
      {
        body: {},
      },
    );
    expect(joined.status, joined.text).toBe(200);
    const before = media.streams.length;
    const viewer = await connect(joined.body.metadata.url);
    const stream = await streamNumber(before + 1);
    expect((await gatewayRequest(cluster, "DELETE", `/1.0/shares/${shareId}`)).status).toBe(200);
    expect(await viewer.closed).toEqual({ code: 4000, reason: "session-ended" });
    expect(stream.closeReasons).toEqual(["session-ended"]);
    expect((await refusalOf(connect(pending.body.metadata.url))).status).toBe(403);
  });

  it("a join disconnects the stream's current viewer at once (reference: join)", async () => {
    const { sessionId } = await streamingSession();
    const first = await gatewayRequest<{ url: string }>(
      cluster,
      "POST",
      `/1.0/sessions/${sessionId}/join`,
      { body: {} },
    );
    const before = media.streams.length;
    const viewer = await connect(first.body.metadata.url);
    const stream = await streamNumber(before + 1);
    const second = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: {},
    });
    expect(second.status).toBe(200);
    expect(await viewer.closed).toEqual({ code: 4000, reason: "taken-over" });
    expect(stream.closeReasons).toEqual(["taken-over"]);
  });

  it("lets the URL of a new session be used at once: the stream starts once the instance runs", async () => {
    await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("quick-game")),
    });
    const created = await gatewayRequest<{ id: string; status: string; url: string }>(
      cluster,
      "POST",
      "/1.0/sessions",
      { body: { app: "quick-game" } },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.metadata.status).toBe("created");
    const before = media.streams.length;
    const client = await connect(created.body.metadata.url);
    client.socket.send(JSON.stringify({ type: "discover" }));
    await client.waitFor(/resp:discover/);
    const stream = await streamNumber(before + 1);
    expect(stream.screen.source).toBe("quick-game");
    expect(
      (
        await gatewayRequest<{ status: string }>(
          cluster,
          "GET",
          `/1.0/sessions/${created.body.metadata.id}`,
        )
      ).body.metadata.status,
    ).toBe("active");
    // Not joinable (the default of POST /1.0/sessions): its client has connected, so no other may.
    const refused = await gatewayRequest(
      cluster,
      "POST",
      `/1.0/sessions/${created.body.metadata.id}/join`,
      {
        body: {},
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Session ${created.body.metadata.id} is not joinable: its client has connected already`,
    );
    client.socket.close();

    // The gateway restarts (its memory is gone): the session still takes no other client.
    await gateway.close();
    gateway = await startGateway(cluster.running.context, { serveSignaling: media.serve });
    const refusedAgain = await gatewayRequest(
      cluster,
      "POST",
      `/1.0/sessions/${created.body.metadata.id}/join`,
      { body: {} },
    );
    expect(refusedAgain.status).toBe(409);
  });

  it("ends an ephemeral session when its client leaves, and no other", async () => {
    await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("short-lived")),
    });
    const create = (ephemeral: boolean) =>
      gatewayRequest<{ id: string; url: string }>(cluster, "POST", "/1.0/sessions", {
        body: { app: "short-lived", ephemeral, joinable: true },
      });
    const ephemeral = (await create(true)).body.metadata;
    const lasting = (await create(false)).body.metadata;
    for (const session of [ephemeral, lasting]) {
      const client = await connect(session.url);
      client.socket.send(JSON.stringify({ type: "discover" }));
      await client.waitFor(/resp:discover/);
      await waitForSessionStatus(cluster, session.id, "active");
      client.socket.close();
    }
    await waitForSessionStatus(cluster, ephemeral.id, "terminated");
    const kept = await gatewayRequest<{ status: string }>(
      cluster,
      "GET",
      `/1.0/sessions/${lasting.id}`,
    );
    expect(kept.body.metadata.status).toBe("active");
  });

  it("applies a join's screen held sideways by turning the device, and refuses another size", async () => {
    const { instanceId, sessionId } = await streamingSession({
      display: { width: 720, height: 1280, fps: 30, density: 240 },
    });
    const sideways = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: { screen: { width: 1280, height: 720 } },
    });
    expect(sideways.status, sideways.text).toBe(200);
    expect(readScreenState(instanceId)?.rotation).toBe(90);
    const refused = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: { screen: { width: 1920, height: 1080 } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/this session's screen is 720x1280 at 30 fps/);
    // The node has room for a few running instances: this one makes way for the next tests'.
    await writeAndWait(cluster, "DELETE", `/1.0/instances/${instanceId}`, { force: true });
  });

  it("answers a plain HTTP request on the signaling path in the envelope", async () => {
    const { sessionId } = await streamingSession();
    const response = await gatewayRequest(
      cluster,
      "GET",
      `/1.0/session/${sessionId}/sockets/master`,
      {
        token: null,
      },
    );
    expect(response.status).toBe(401);
    const unknown = await refusalOf(
      connect("/1.0/session/cafecafecafecafecafe/sockets/master?token=x"),
    );
    expect(unknown.status).toBe(404);
  });
});
