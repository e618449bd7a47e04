import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsEvent } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { connectUnix, refusalOf } from "./helpers/unix-websocket.ts";
import { createEventsToken } from "../src/events/event-token.ts";

let cluster: TestCluster;
/** Subscribers the cluster itself keeps (none of them a websocket). */
let baseline: number;

beforeAll(async () => {
  cluster = await startTestCluster();
  baseline = cluster.running.context.events.subscriberCount;
  // A real operation kind, so the test sees operation events as any operation produces them.
  cluster.running.context.operations.registerKind<{ value: number }>("events-test-noop", {
    onRestart: "fail",
    run: (payload) => Promise.resolve({ doubled: payload.value * 2 }),
  });
});

afterAll(async () => {
  await cluster.destroy();
});

function events(frames: string[]): AmsEvent[] {
  return frames.map((frame) => JSON.parse(frame) as AmsEvent);
}

function publishLifecycle(source: string): void {
  cluster.running.context.events.publish({
    type: "lifecycle",
    metadata: { action: "instance-updated", source },
  });
}

describe("GET /1.0/events", () => {
  it("streams the events of an operation as JSON frames", async () => {
    const client = await connectUnix(cluster.running.socketPath, "/1.0/events");
    const operation = await cluster.running.context.operations.start({
      kind: "events-test-noop",
      description: "Testing events",
      resources: {},
      payload: { value: 21 },
    });
    await client.waitFor(new RegExp(`"id":"${operation.id}"[^]*"status":"Success"`));
    const mine = events(client.frames).filter(
      (event) => event.type === "operation" && event.metadata.id === operation.id,
    );
    expect(mine.map((event) => event.type === "operation" && event.metadata.status)).toEqual([
      "Running",
      "Success",
    ]);
    const last = mine.at(-1);
    expect(last?.metadata).toMatchObject({ metadata: { doubled: 42 } });
    expect(Date.parse(last?.timestamp ?? "")).not.toBeNaN();
    client.socket.close();
  });

  it("sends only the requested types", async () => {
    const client = await connectUnix(cluster.running.socketPath, "/1.0/events?type=lifecycle");
    cluster.running.context.events.publish({
      type: "logging",
      metadata: { level: "info", message: "not for this client" },
    });
    publishLifecycle("/1.0/instances/filtered");
    // Events are delivered in order, so once the lifecycle event is here the logging one was skipped.
    await client.waitFor(/filtered/);
    expect(events(client.frames).map((event) => event.type)).toEqual(["lifecycle"]);
    client.socket.close();
  });

  it("refuses an unknown type before the upgrade", async () => {
    const refusal = await refusalOf(
      connectUnix(cluster.running.socketPath, "/1.0/events?type=lifecycle,gossip"),
    );
    expect(refusal.status).toBe(400);
    expect(JSON.parse(refusal.body)).toMatchObject({ type: "error", error_code: 400 });
    expect((JSON.parse(refusal.body) as { error: string }).error).toContain('"gossip"');
  });

  it("unsubscribes a client that closes", async () => {
    const hub = cluster.running.context.events;
    await waitUntil(() => hub.subscriberCount === baseline); // Earlier tests' clients are gone.
    const client = await connectUnix(cluster.running.socketPath, "/1.0/events");
    await waitUntil(() => hub.subscriberCount === baseline + 1);
    client.socket.close();
    await client.closed;
    await waitUntil(() => hub.subscriberCount === baseline);
  });
});

describe("events tokens", () => {
  it("issues a token that opens the websocket", async () => {
    const response = await cluster.request<{ token: string }>("POST", "/1.0/events/auth");
    expect(response.status).toBe(200);
    const { token } = response.body.metadata;
    const [header, payload] = token.split(".");
    expect(JSON.parse(Buffer.from(header ?? "", "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<
      string,
      number | string
    >;
    expect(claims.aud).toBe("events");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);

    const client = await connectUnix(
      cluster.running.socketPath,
      `/1.0/events?secret=${encodeURIComponent(token)}`,
    );
    publishLifecycle("/1.0/instances/with-token");
    await client.waitFor(/with-token/);
    client.socket.close();
  });

  it("refuses a tampered, foreign or expired token with 403", async () => {
    const secret = cluster.running.context.options.tokenSecret;
    const valid = createEventsToken(secret);
    const tampered = `${valid.slice(0, -2)}${valid.endsWith("AA") ? "BB" : "AA"}`;
    const foreign = createEventsToken("another-cluster-secret");
    const expired = createEventsToken(secret, Math.floor(Date.now() / 1000) - 600);
    for (const [token, reason] of [
      [tampered, "signature"],
      [foreign, "signature"],
      [expired, "expired"],
      ["not-a-token", "not a JWT"],
    ] as const) {
      const refusal = await refusalOf(
        connectUnix(cluster.running.socketPath, `/1.0/events?secret=${encodeURIComponent(token)}`),
      );
      expect(refusal.status).toBe(403);
      expect(refusal.body).toContain(reason);
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
