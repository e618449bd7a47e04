import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsOperation, GatewayShare } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { getInstance, writeAndWait } from "../helpers/instance-helpers.ts";
import { gatewayRequest, sessionIdOf, waitForSessionStatus } from "./gateway-helpers.ts";

let cluster: TestCluster;
let sessionId: string;

const inMinutes = (minutes: number): string =>
  new Date(Date.now() + minutes * 60_000).toISOString();

async function streamingSession(): Promise<{ instanceId: string; sessionId: string }> {
  const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", {
    body: { config: { enable_streaming: true } },
  });
  const instanceId = response.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
  await cluster.waitOperation(response.body.metadata.id);
  const id = sessionIdOf((await getInstance(cluster, instanceId)).tags);
  await waitForSessionStatus(cluster, id, "active");
  return { instanceId, sessionId: id };
}

async function share(body: Record<string, unknown>, session = sessionId) {
  return gatewayRequest<{ id: string; type: string; url: string; expiry_at: string }>(
    cluster,
    "POST",
    `/1.0/sessions/${session}/share`,
    { body },
  );
}

beforeAll(async () => {
  cluster = await startTestCluster();
  ({ sessionId } = await streamingSession());
});

afterAll(async () => {
  await cluster.destroy();
});

describe("POST /1.0/sessions/{id}/share", () => {
  it("creates a stream share with an unguessable id and the public page's path", async () => {
    const expiry = inMinutes(60);
    const response = await share({ description: "for the demo", expiry_at: expiry });
    expect(response.status, response.text).toBe(200);
    const created = response.body.metadata;
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Buffer.from(created.id, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(created).toEqual({
      id: created.id,
      type: "stream",
      url: `/stream/${created.id}`,
      expiry_at: expiry.replace(/\.\d+Z$/, "Z"),
    });

    const read = await gatewayRequest<GatewayShare>(cluster, "GET", `/1.0/shares/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.metadata).toEqual({
      id: created.id,
      session_id: sessionId,
      type: "stream",
      description: "for the demo",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) as unknown,
      expiry_at: created.expiry_at,
      url: `/stream/${created.id}`,
    });
    const second = await share({ expiry_at: expiry });
    expect(second.body.metadata.id).not.toBe(created.id);
  });

  it("takes a Unix time too, and an adb share (which leads to no stream)", async () => {
    const seconds = Math.floor(Date.now() / 1000) + 600;
    const response = await share({ type: "adb", expiry_at: seconds });
    expect(response.status, response.text).toBe(200);
    expect(response.body.metadata).toMatchObject({
      type: "adb",
      url: "",
      expiry_at: new Date(seconds * 1000).toISOString().replace(".000Z", "Z"),
    });
    const join = await gatewayRequest(
      cluster,
      "POST",
      `/1.0/shares/${response.body.metadata.id}/join`,
      {
        body: {},
      },
    );
    expect(join.status).toBe(400);
    expect(join.body.error).toBe("This is an adb share: it does not lead to a stream");
  });

  it("refuses an expiry in the past, beyond 30 days, or not a time, and an unknown type", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ expiry_at: inMinutes(-1) }, /^Invalid expiry_at: .* is not in the future$/],
      [
        { expiry_at: inMinutes(30 * 24 * 60 + 5) },
        /^Invalid expiry_at: a share link lasts at most 30 days/,
      ],
      [{ expiry_at: "tomorrow" }, /^Invalid share: expiry_at: must be an RFC 3339 time/],
      [{}, /^Invalid share: expiry_at: /],
      [
        { type: "vnc", expiry_at: inMinutes(5) },
        /^Invalid share: type: must be one of stream, watch, adb$/,
      ],
      [
        { description: "x".repeat(201), expiry_at: inMinutes(5) },
        /description: must be at most 200 characters/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await share(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    const unknown = await share({ expiry_at: inMinutes(5) }, "cafecafecafecafecafe");
    expect(unknown.status).toBe(404);
  });
});

describe("reading, changing and deleting shares", () => {
  it("lists shares as ids or objects, by session, with total_size", async () => {
    const other = await streamingSession();
    const mine = await share({ expiry_at: inMinutes(10) }, other.sessionId);
    const all = await gatewayRequest<string[]>(cluster, "GET", "/1.0/shares");
    expect(all.body.metadata).toContain(mine.body.metadata.id);
    expect(all.body.total_size).toBe(all.body.metadata.length);
    const bySession = await gatewayRequest<GatewayShare[]>(
      cluster,
      "GET",
      `/1.0/shares?recursion=1&session_id=${other.sessionId}`,
    );
    expect(bySession.body.metadata.map((item) => item.id)).toEqual([mine.body.metadata.id]);
    expect(bySession.body.total_size).toBe(1);
    const page = await gatewayRequest<string[]>(cluster, "GET", "/1.0/shares?limit=1&offset=1");
    expect(page.body.metadata).toEqual(all.body.metadata.slice(1, 2));
  });

  it("answers 410 Gone for an expired share, until its expiry is extended", async () => {
    const { id } = (await share({ expiry_at: inMinutes(5) })).body.metadata;
    await cluster.running.context.db
      .updateTable("gateway_shares")
      .set({ expiry_at: 1_700_000_000 })
      .where("id", "=", id)
      .execute();
    const expired = await gatewayRequest(cluster, "GET", `/1.0/shares/${id}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({
      type: "error",
      status_code: 410,
      error: "This share link expired at 2023-11-14T22:13:20Z",
    });
    const join = await gatewayRequest(cluster, "POST", `/1.0/shares/${id}/join`, { body: {} });
    expect(join.status).toBe(410);

    const later = inMinutes(90);
    const patched = await gatewayRequest<GatewayShare>(cluster, "PATCH", `/1.0/shares/${id}`, {
      body: { expiry_at: later, description: "extended" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.metadata).toMatchObject({
      description: "extended",
      expiry_at: later.replace(/\.\d+Z$/, "Z"),
    });
    expect((await gatewayRequest(cluster, "GET", `/1.0/shares/${id}`)).status).toBe(200);
    const empty = await gatewayRequest(cluster, "PATCH", `/1.0/shares/${id}`, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(
      "Invalid share update: Nothing to change: give expiry_at, description or both",
    );
  });

  it("answers 404 for a deleted (revoked) share", async () => {
    const { id } = (await share({ expiry_at: inMinutes(5) })).body.metadata;
    const deleted = await gatewayRequest(cluster, "DELETE", `/1.0/shares/${id}`);
    expect(deleted.status).toBe(200);
    const read = await gatewayRequest(cluster, "GET", `/1.0/shares/${id}`);
    expect(read.status).toBe(404);
    expect(read.body.error).toBe("This share link does not exist (it may have been revoked)");
    expect(
      (await gatewayRequest(cluster, "POST", `/1.0/shares/${id}/join`, { body: {} })).status,
    ).toBe(404);
    expect((await gatewayRequest(cluster, "DELETE", `/1.0/shares/${id}`)).status).toBe(404);
  });
});

describe("POST /1.0/shares/{id}/join", () => {
  it("joins the shared session while it is active, and refuses once it ended", async () => {
    const target = await streamingSession();
    const { id } = (await share({ expiry_at: inMinutes(5) }, target.sessionId)).body.metadata;
    const join = await gatewayRequest<{ url: string; stun_servers: unknown[] }>(
      cluster,
      "POST",
      `/1.0/shares/${id}/join`,
      { body: {} },
    );
    expect(join.status, join.text).toBe(200);
    expect(join.body.metadata.url).toMatch(
      new RegExp(`^/1\\.0/session/${target.sessionId}/sockets/master\\?token=[A-Za-z0-9_-]+$`),
    );
    expect(join.body.metadata.stun_servers).toEqual([]);

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${target.instanceId}`, {
      desired_status: "stopped",
    });
    await waitForSessionStatus(cluster, target.sessionId, "terminated");
    const ended = await gatewayRequest(cluster, "POST", `/1.0/shares/${id}/join`, { body: {} });
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe(
      `Session ${target.sessionId} is terminated: it has ended and cannot be joined`,
    );
    const refused = await share({ expiry_at: inMinutes(5) }, target.sessionId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Session ${target.sessionId} has ended: it cannot be shared`);
  });

  it("keeps shares across a restart", async () => {
    const { id } = (await share({ expiry_at: inMinutes(30), description: "kept" })).body.metadata;
    cluster = await cluster.restart();
    const read = await gatewayRequest<GatewayShare>(cluster, "GET", `/1.0/shares/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.metadata.description).toBe("kept");
  });
});
