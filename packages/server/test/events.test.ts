// The events websocket relay and its token call, against the real dashboard and embedded cluster:
// who may connect (session, CSRF, token), and that a cluster's events reach the browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eventsAuthResponseSchema, type AmsOperation } from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { clusterClient, messageOf, startSignedIn } from "./support/signed-in-harness.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  // Two clusters: the relay picks by position in GET /api/clusters.
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
});

afterAll(async () => {
  await harness.stop();
});

function postAuth(query: string, headers: Record<string, string> = { cookie }) {
  return fetch(`${harness.url}/api/events/auth${query}`, {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", ...headers },
  });
}

async function token(clusterId = "default"): Promise<string> {
  const response = await postAuth(`?clusterId=${clusterId}`);
  expect(response.status).toBe(200);
  return eventsAuthResponseSchema.parse(await response.json()).metadata.token;
}

function eventsUrl(index: string | number, query: string): string {
  return `${harness.url.replace("http:", "ws:")}/ams/${index}/1.0/events${query}`;
}

describe("POST /api/events/auth", () => {
  it("relays a token the cluster issued", async () => {
    expect(await token()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await token("second")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("names an unknown cluster in a 400", async () => {
    const response = await postAuth("?clusterId=nope");
    expect(response.status).toBe(400);
    expect(messageOf(await response.json())).toContain('"nope"');
    expect((await postAuth("")).status).toBe(400);
  });

  it("needs a session and a same-site request", async () => {
    expect((await postAuth("?clusterId=default", {})).status).toBe(401);
    expect(
      (await postAuth("?clusterId=default", { cookie, "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);
  });
});

describe("WebSocket /ams/{clusterIndex}/1.0/events", () => {
  it("relays the cluster's events, in order, with the session and a token", async () => {
    const opened = expectOpened(
      await connect(eventsUrl(1, `?secret=${await token("second")}`), { cookie }),
    );
    const created = await clusterClient(harness, "second").post<AmsOperation>("/1.0/instances", {
      image_id: "jammy:android15:amd64",
    });
    const instanceUrl = created.metadata.resources.instances?.[0];
    const lifecycle = await opened.waitForMessage((text) => text.includes('"instance-created"'));
    expect(JSON.parse(lifecycle)).toMatchObject({
      type: "lifecycle",
      metadata: { action: "instance-created", source: instanceUrl },
    });
    const operation = await opened.waitForMessage((text) => text.includes('"type":"operation"'));
    expect(JSON.parse(operation)).toMatchObject({ type: "operation" });
    // Every frame is one JSON event: text, whole, as the cluster sent it.
    for (const text of opened.messages) expect(() => JSON.parse(text) as unknown).not.toThrow();
    opened.socket.close(1000);
    expect((await opened.closed).code).toBe(1000);
  });

  it("passes the event types on to the cluster", async () => {
    const opened = expectOpened(
      await connect(eventsUrl(0, `?secret=${await token()}&type=lifecycle`), { cookie }),
    );
    await clusterClient(harness, "default").post("/1.0/instances", {
      image_id: "jammy:android15:amd64",
    });
    await opened.waitForMessage((text) => text.includes('"instance-created"'));
    expect(opened.messages.some((text) => text.includes('"type":"operation"'))).toBe(false);
    opened.socket.close();
  });

  it("closes with 4003 and a reason when the cluster refuses the token", async () => {
    const opened = expectOpened(await connect(eventsUrl(0, "?secret=not.a.token"), { cookie }));
    const closed = await opened.closed;
    expect(closed.code).toBe(4003);
    expect(closed.reason).toMatch(/token refused by cluster default/i);
  });

  it("refuses a token of another cluster", async () => {
    const opened = expectOpened(
      await connect(eventsUrl(0, `?secret=${await token("second")}`), { cookie }),
    );
    expect((await opened.closed).code).toBe(4003);
  });

  it("refuses before the upgrade: no session, no token, unknown index, cross-site", async () => {
    const secret = await token();
    expect(await connect(eventsUrl(0, `?secret=${secret}`))).toMatchObject({ refused: 401 });
    expect(await connect(eventsUrl(0, ""), { cookie })).toMatchObject({ refused: 403 });
    expect(await connect(eventsUrl(2, `?secret=${secret}`), { cookie })).toMatchObject({
      refused: 404,
    });
    expect(await connect(eventsUrl("x", `?secret=${secret}`), { cookie })).toMatchObject({
      refused: 404,
    });
    expect(
      await connect(eventsUrl(0, `?secret=${secret}`), { cookie, origin: "https://evil.example" }),
    ).toMatchObject({ refused: 403 });
  });

  it("answers a plain GET with a 400 saying it is a websocket", async () => {
    const response = await fetch(eventsUrl(0, "?secret=x").replace("ws:", "http:"), {
      headers: { cookie },
    });
    expect(response.status).toBe(400);
  });
});
