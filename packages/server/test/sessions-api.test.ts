// The streaming calls against the real dashboard and its embedded cluster's stream gateway: a
// streamable instance's session is listed, read and joined; the browser gets a relay path with a
// single-use join token, never a gateway token, and the relayed signaling speaks the streaming
// SDK's protocol; share links work signed out until revoked; bad input is a 4xx that says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  type AmsInstance,
  type AmsOperation,
  type ClusterSession,
  type PublicStreamInfo,
  type SessionJoinResponse,
  type StreamShare,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { connect, expectOpened } from "./support/test-websocket.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
let sessionId: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

async function call(
  method: string,
  path: string,
  options: { body?: unknown; signedOut?: boolean } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = options.signedOut ? {} : { cookie };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie } = await startSignedIn(ada));
  const started = await clusterClient(harness).post<AmsOperation>("/1.0/instances", {
    name: "streams-here",
    image_id: "jammy:android15:amd64",
    config: {
      enable_streaming: true,
      display: { width: 720, height: 1280, fps: 30, density: 240 },
    },
  });
  await waitForOperation(clusterClient(harness), started.metadata.id);
  const instance = await clusterClient(harness).get<AmsInstance>("/1.0/instances/streams-here");
  const tag = instance.metadata.tags.find((candidate) => candidate.startsWith("session="));
  sessionId = tag?.slice("session=".length) ?? "";
  // The session turns active as the instance runs: wait for it.
  for (let attempt = 0; attempt < 100; attempt++) {
    const read = await call("GET", `/api/sessions/${sessionId}`);
    if ((read.body as { metadata?: ClusterSession }).metadata?.status === "active") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the session did not become active");
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("sessions API", () => {
  it("lists and reads the session of a streamable instance, finding its cluster", async () => {
    const list = await call("GET", "/api/sessions");
    expect(list.status).toBe(200);
    const sessions = (list.body as { metadata: ClusterSession[] }).metadata;
    expect(sessions.map((session) => session.id)).toContain(sessionId);

    const read = await call("GET", `/api/sessions/${sessionId}`);
    const session = (read.body as { metadata: ClusterSession }).metadata;
    expect(session).toMatchObject({
      id: sessionId,
      clusterId: "default",
      status: "active",
      instance_name: "streams-here",
      screen: { width: 720, height: 1280, fps: 30 },
    });
  });

  it("answers 404 for an unknown session, 400 for a malformed id or cluster, 401 signed out", async () => {
    const unknown = await call("GET", "/api/sessions/nope");
    expect(unknown.status).toBe(404);
    expect(messageOf(unknown.body)).toContain("No session nope");
    const malformed = await call("GET", "/api/sessions/a.b");
    expect(malformed.status).toBe(400);
    const badCluster = await call("GET", `/api/sessions/${sessionId}?clusterId=mars`);
    expect(badCluster.status).toBe(400);
    expect(messageOf(badCluster.body)).toContain('Unknown cluster "mars"');
    expect((await call("GET", "/api/sessions", { signedOut: true })).status).toBe(401);
    expect(
      (await call("POST", `/api/sessions/${sessionId}/join`, { signedOut: true })).status,
    ).toBe(401);
  });

  it("joins through the relay with a single-use token: the signaling speaks the SDK protocol", async () => {
    const joined = await call("POST", `/api/sessions/${sessionId}/join`, { body: {} });
    expect(joined.status).toBe(200);
    const { signaling_url: url } = joined.body as SessionJoinResponse;
    // Absolute, on the dashboard's public address, as the streaming SDK's connectors hand it on.
    const relayBase = `${harness.url.replace(/^http/, "ws")}/gateway/0/1.0/session/`;
    expect(url.startsWith(relayBase)).toBe(true);
    expect(url.slice(relayBase.length)).toMatch(/^[^/]+\/sockets\/master\?token=.+$/);
    expect(url).not.toContain(await gatewayToken());

    const signaling = expectOpened(await connect(url));
    signaling.socket.send("this is not JSON");
    const error = JSON.parse(
      await signaling.waitForMessage((message) => message.includes('"error"')),
    ) as { type: string; message: string };
    expect(error.type).toBe("error");
    expect(error.message).not.toBe("");
    // The session survives the malformed message.
    signaling.socket.send(JSON.stringify({ type: "discover" }));
    const discovered = JSON.parse(
      await signaling.waitForMessage((message) => message.includes("resp:discover")),
    ) as { max_api_version: number; fps: number };
    expect(discovered).toMatchObject({ max_api_version: 2, fps: 30 });
    signaling.socket.close();
    await signaling.closed;

    // The token was used: a second connection with it is refused before the upgrade.
    const again = await connect(url);
    expect("refused" in again ? again.refused : 0).toBe(403);
    const noToken = await connect(url.replace(/\?token=.*/, ""));
    expect("refused" in noToken ? noToken.refused : 0).toBe(400);
  });

  it("makes share links that play signed out until revoked, and checks their input", async () => {
    const bad = await call("POST", `/api/sessions/${sessionId}/shares`, {
      body: { expires_in_minutes: 0 },
    });
    expect(bad.status).toBe(400);
    expect(messageOf(bad.body)).toContain("expires_in_minutes");
    const tooLong = await call("POST", `/api/sessions/${sessionId}/shares`, {
      body: { expires_in_minutes: 60 * 24 * 31 },
    });
    expect(tooLong.status).toBe(400);

    const created = await call("POST", `/api/sessions/${sessionId}/shares?clusterId=default`, {
      body: { description: "for Grace", expires_in_minutes: 30 },
    });
    expect(created.status).toBe(201);
    const share = (created.body as { metadata: StreamShare }).metadata;
    expect(share.url).toBe(`/stream/${share.token}`);
    expect(share.description).toBe("for Grace");
    const minutesLeft = (Date.parse(share.expiry_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(28);
    expect(minutesLeft).toBeLessThanOrEqual(30);

    // Extended: a new expiry counted from now; refused with a reason when out of range.
    const extended = await call("PATCH", `/api/shares/${share.token}?clusterId=default`, {
      body: { expires_in_minutes: 90 },
    });
    expect(extended.status).toBe(200);
    const extendedShare = (extended.body as { metadata: StreamShare }).metadata;
    expect(extendedShare).toMatchObject({ token: share.token, description: "for Grace" });
    expect((Date.parse(extendedShare.expiry_at) - Date.now()) / 60_000).toBeGreaterThan(88);
    const badExtension = await call("PATCH", `/api/shares/${share.token}`, {
      body: { expires_in_minutes: "soon" },
    });
    expect(badExtension.status).toBe(400);
    expect(messageOf(badExtension.body)).toContain("expires_in_minutes");
    const unknown = await call("PATCH", "/api/shares/no-such-link", {
      body: { expires_in_minutes: 60 },
    });
    expect(unknown.status).toBe(404);
    const signedOutExtension = await call("PATCH", `/api/shares/${share.token}`, {
      signedOut: true,
      body: { expires_in_minutes: 60 },
    });
    expect(signedOutExtension.status).toBe(401);

    const listed = await call("GET", `/api/sessions/${sessionId}/shares?clusterId=default`);
    expect((listed.body as { metadata: StreamShare[] }).metadata.map((s) => s.token)).toContain(
      share.token,
    );

    const info = await call("GET", `/api/public/streams/${share.token}`, { signedOut: true });
    expect(info.status).toBe(200);
    expect((info.body as { metadata: PublicStreamInfo }).metadata).toMatchObject({
      instance_name: "streams-here",
      screen: { width: 720, height: 1280 },
    });
    const publicJoin = await call("POST", `/api/public/streams/${share.token}/join`, {
      signedOut: true,
      body: {},
    });
    expect(publicJoin.status).toBe(200);
    expect((publicJoin.body as SessionJoinResponse).signaling_url).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/gateway\/0\//,
    );

    const revoked = await call("DELETE", `/api/shares/${share.token}?clusterId=default`);
    expect(revoked.status).toBe(204);
    const gone = await call("GET", `/api/public/streams/${share.token}`, { signedOut: true });
    expect(gone.status).toBe(404);
    const goneJoin = await call("POST", `/api/public/streams/${share.token}/join`, {
      signedOut: true,
      body: {},
    });
    expect(goneJoin.status).toBe(404);
    const malformed = await call("GET", "/api/public/streams/x", { signedOut: true });
    expect(malformed.status).toBe(404);

    // The link's life is in the audit trail, on its stream's instance, never with its key.
    const entries = await harness.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "like", "share-link-%")
      .orderBy("at")
      .execute();
    expect(entries.map((entry) => [entry.action, entry.outcome])).toEqual(
      expect.arrayContaining([
        ["share-link-created", "success"],
        ["share-link-used", "success"],
        ["share-link-revoked", "success"],
        ["share-link-used", "failure"],
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(share.token);
    const made = entries.find((entry) => entry.action === "share-link-created");
    expect(made?.resource).toMatch(/^instance:default\//);
  });

  it("records a stream's join and its leave, with how long it was watched", async () => {
    expect((await call("POST", `/api/sessions/${sessionId}/join`, { body: {} })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call("POST", `/api/sessions/${sessionId}/left?clusterId=default`)).status).toBe(
      204,
    );
    const [left] = await harness.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "stream-left")
      .execute();
    expect(left?.resource).toMatch(/^instance:default\//);
    expect(left?.detail).toMatch(
      new RegExp(`stream session ${sessionId}, streamed for [1-9]\\d* s$`),
    );
  });
});

async function gatewayToken(): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  return (
    await readFile(join(harness.dataDir, "clusters", "default", "gateway-token"), "utf8")
  ).trim();
}
