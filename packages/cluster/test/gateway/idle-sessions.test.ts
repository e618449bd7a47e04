import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { connectUnix } from "../helpers/unix-websocket.ts";
import {
  createApplication,
  manifestYaml,
  minimalManifest,
} from "../helpers/application-packages.ts";
import type { RunningGateway } from "../../src/gateway/start-gateway.ts";
import {
  startFakeMediaGateway,
  type fakeSignaling,
  gatewayRequest,
  getSession,
  waitForSessionStatus,
} from "./gateway-helpers.ts";

// idle_time_min, with a minute of a second: a session with no input for that long ends, and its
// client is told why; input keeps it; 0 keeps it for ever.

let cluster: TestCluster;
let gateway: RunningGateway;
let media: ReturnType<typeof fakeSignaling>;

beforeAll(async () => {
  cluster = await startTestCluster({ bootStepDelayMs: 20 });
  ({ gateway, media } = await startFakeMediaGateway(cluster, { checkEveryMs: 50, minuteMs: 1000 }));
  await createApplication(cluster, { "manifest.yaml": manifestYaml(minimalManifest("idler")) });
});

afterAll(async () => {
  await gateway.close();
  await cluster.destroy();
});

async function sessionWithClient(idleTimeMin: number) {
  const created = await gatewayRequest<{ id: string; url: string }>(
    cluster,
    "POST",
    "/1.0/sessions",
    { body: { app: "idler", joinable: true, idle_time_min: idleTimeMin } },
  );
  expect(created.status, created.text).toBe(201);
  const { id, url } = created.body.metadata;
  const client = await connectUnix(gateway.socketPath, url);
  client.socket.send(JSON.stringify({ type: "discover" }));
  await client.waitFor(/resp:discover/);
  await waitForSessionStatus(cluster, id, "active");
  return { id, client, stream: media.streams.at(-1) };
}

describe("idle_time_min", () => {
  it("ends a session without input for that long and tells its client why; input keeps it", async () => {
    const busy = await sessionWithClient(1);
    // The busy client sends something every 50 ms from the start: making the other two sessions
    // takes a while on a loaded machine (it once took longer than the minute, and the busy
    // session ended before its client had begun to send).
    const keepBusy = setInterval(() => {
      busy.client.socket.send(JSON.stringify({ type: "discover" }));
    }, 50);
    onTestFinished(() => {
      clearInterval(keepBusy);
    });
    const idle = await sessionWithClient(1);
    const forever = await sessionWithClient(0);
    // The idle one ends a minute after its client's last word; by then the busy one has lived
    // longer than that, kept by its input.
    const ended = await waitForSessionStatus(cluster, idle.id, "terminated");
    expect(ended.status).toBe("terminated");
    expect(idle.stream?.closeReasons).toEqual(["session-ended"]);
    expect(idle.stream?.closeMessages).toEqual(["The session ended: it was idle for 1 minute"]);
    expect((await getSession(cluster, busy.id)).status).toBe("active");
    expect((await getSession(cluster, forever.id)).status).toBe("active");

    // Once the busy client stops, its session ends as well.
    clearInterval(keepBusy);
    await waitForSessionStatus(cluster, busy.id, "terminated");
    expect((await getSession(cluster, forever.id)).status).toBe("active");
    forever.client.socket.close();
  });
});
