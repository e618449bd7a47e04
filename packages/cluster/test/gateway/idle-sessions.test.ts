import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// idle_time_min, with a minute of 400 ms: a session with no input for that long ends, and its
// client is told why; input keeps it; 0 keeps it for ever.

let cluster: TestCluster;
let gateway: RunningGateway;
let media: ReturnType<typeof fakeSignaling>;

beforeAll(async () => {
  cluster = await startTestCluster({ bootStepDelayMs: 20 });
  ({ gateway, media } = await startFakeMediaGateway(cluster, { checkEveryMs: 50, minuteMs: 400 }));
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("idle_time_min", () => {
  it("ends a session without input for that long and tells its client why; input keeps it", async () => {
    const busy = await sessionWithClient(1);
    const idle = await sessionWithClient(1);
    const forever = await sessionWithClient(0);
    // The busy client sends something every 100 ms for twice the idle time.
    for (let tick = 0; tick < 8; tick++) {
      busy.client.socket.send(JSON.stringify({ type: "discover" }));
      await sleep(100);
    }
    const ended = await waitForSessionStatus(cluster, idle.id, "terminated");
    expect(ended.status).toBe("terminated");
    expect(idle.stream?.closeReasons).toEqual(["session-ended"]);
    expect(idle.stream?.closeMessages).toEqual(["The session ended: it was idle for 1 minute"]);
    expect((await getSession(cluster, busy.id)).status).toBe("active");
    expect((await getSession(cluster, forever.id)).status).toBe("active");

    // Once the busy client stops, its session ends as well.
    await waitForSessionStatus(cluster, busy.id, "terminated");
    expect((await getSession(cluster, forever.id)).status).toBe("active");
    forever.client.socket.close();
  });
});
