import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsInstance, AmsOperation, GatewaySession } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "../helpers/test-cluster.ts";
import { getInstance, writeAndWait } from "../helpers/instance-helpers.ts";
import {
  gatewayRequest,
  getSession,
  sessionIdOf,
  waitForSessionStatus,
} from "./gateway-helpers.ts";

let cluster: TestCluster;

// Boot steps take a moment, so that a new instance is seen before it runs.
beforeAll(async () => {
  cluster = await startTestCluster({ bootStepDelayMs: 100 });
});

afterAll(async () => {
  await cluster.destroy();
});

/** Starts creating an instance (without waiting for it to boot); returns it and its operation id. */
async function launch(
  body: Record<string, unknown>,
): Promise<{ instance: AmsInstance; operationId: string }> {
  const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", { body });
  expect(response.status, response.text).toBe(202);
  const id = response.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
  return { instance: await getInstance(cluster, id), operationId: response.body.metadata.id };
}

/** A streaming instance, booted; returns its id and its session's id. */
async function streamingInstance(
  body: Record<string, unknown> = {},
): Promise<{ instanceId: string; sessionId: string }> {
  const { instance, operationId } = await launch({
    ...body,
    config: { enable_streaming: true, ...(body.config as object | undefined) },
  });
  await cluster.waitOperation(operationId);
  return { instanceId: instance.id, sessionId: sessionIdOf(instance.tags) };
}

describe("an instance created with streaming enabled", () => {
  it("gets a session, created with it, and the tag session=<id>", async () => {
    const { instance, operationId } = await launch({
      name: "streamer",
      tags: ["team-a", "session=forged"],
      config: { enable_streaming: true, display: { width: 720, height: 1280, fps: 30 } },
    });
    expect(instance.tags).toHaveLength(2);
    expect(instance.tags[0]).toBe("team-a");
    const sessionId = sessionIdOf(instance.tags);
    expect(sessionId).not.toBe("forged");
    expect(sessionId).toMatch(/^[0-9a-v]{20}$/);

    const session = await getSession(cluster, sessionId);
    expect(session).toEqual({
      id: sessionId,
      app: instance.image_name,
      status: "created",
      status_message: expect.any(String) as unknown,
      region: "embedded",
      joinable: true,
      cluster_id: cluster.running.context.options.name,
      container_id: instance.id,
      instance_name: "streamer",
      created_at: new Date(instance.created_at * 1000).toISOString().replace(".000Z", "Z"),
      screen: { width: 720, height: 1280, fps: 30, density: 240 },
    });

    const early = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: {},
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      `Session ${sessionId} is created: it can be joined once its instance is running`,
    );

    await cluster.waitOperation(operationId);
    const active = await waitForSessionStatus(cluster, sessionId, "active");
    expect(active.status_message).toBe("");
    const joined = await gatewayRequest<{ url: string; stun_servers: unknown[] }>(
      cluster,
      "POST",
      `/1.0/sessions/${sessionId}/join`,
      { body: { screen: { width: 1280, height: 720 } } },
    );
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.metadata.url).toMatch(
      new RegExp(`^/1\\.0/session/${sessionId}/sockets/master\\?token=[A-Za-z0-9_-]{32}$`),
    );
    expect(joined.body.metadata.stun_servers).toEqual([]);
  });

  it("has no session when streaming is off (a session= tag it was given stays a plain tag)", async () => {
    const { instance } = await launch({ tags: ["session=mine"] });
    expect(instance.tags).toEqual(["session=mine"]);
    const rows = await cluster.running.context.db
      .selectFrom("gateway_sessions")
      .select("id")
      .where("instance_id", "=", instance.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses a join with a screen larger than 4K, naming the problem", async () => {
    const { sessionId } = await streamingInstance();
    await waitForSessionStatus(cluster, sessionId, "active");
    const response = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: { screen: { width: 3840, height: 2400 } },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      "Invalid join request: screen: the screen must be at most 3840x2160 (4K)",
    );
  });
});

describe("a session follows its instance", () => {
  it("is terminated when the instance stops, active again when it runs, terminated when deleted", async () => {
    const { instanceId, sessionId } = await streamingInstance();
    await waitForSessionStatus(cluster, sessionId, "active");

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${instanceId}`, {
      desired_status: "stopped",
    });
    const stopped = await waitForSessionStatus(cluster, sessionId, "terminated");
    expect(stopped.status_message).toBe("The instance was stopped");
    const refused = await gatewayRequest(cluster, "POST", `/1.0/sessions/${sessionId}/join`, {
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Session ${sessionId} is terminated: it has ended and cannot be joined`,
    );

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${instanceId}`, {
      desired_status: "running",
    });
    await waitForSessionStatus(cluster, sessionId, "active");

    await writeAndWait(cluster, "DELETE", `/1.0/instances/${instanceId}`, { force: true });
    const deleted = await waitForSessionStatus(cluster, sessionId, "terminated");
    expect(deleted).toMatchObject({
      status_message: "The instance was deleted",
      container_id: "",
      instance_name: "",
    });
  });

  it("is in error when its instance fails, with the instance's message", async () => {
    const { instanceId, sessionId } = await streamingInstance({ resources: { cpus: 100 } });
    const instance = await getInstance(cluster, instanceId);
    expect(instance.status).toBe("error");
    const session = await waitForSessionStatus(cluster, sessionId, "error");
    expect(session.status_message).toBe(instance.error_message);
    expect(session.status_message).toContain("No node with enough resources");
  });
});

describe("GET /1.0/sessions", () => {
  it("lists ids or objects, pages, filters by status and sorts, with total_size", async () => {
    for (let index = 0; index < 3; index++) await streamingInstance();
    const all = await gatewayRequest<GatewaySession[]>(cluster, "GET", "/1.0/sessions?recursion=1");
    expect(all.status).toBe(200);
    const sessions = all.body.metadata;
    expect(all.body.total_size).toBe(sessions.length);
    expect(sessions.length).toBeGreaterThanOrEqual(5);
    const ids = sessions.map((session) => session.id);
    const createdAt = sessions.map((session) => session.created_at ?? "");
    expect([...createdAt].sort()).toEqual(createdAt);

    const plain = await gatewayRequest<string[]>(cluster, "GET", "/1.0/sessions");
    expect(plain.body.metadata).toEqual(ids);

    const page = await gatewayRequest<string[]>(cluster, "GET", "/1.0/sessions?limit=2&offset=1");
    expect(page.body.metadata).toEqual(ids.slice(1, 3));
    expect(page.body.total_size).toBe(ids.length);

    const descending = await gatewayRequest<string[]>(
      cluster,
      "GET",
      "/1.0/sessions?sort_by=created_at&sort_order=desc",
    );
    expect(descending.body.metadata).toEqual([...ids].reverse());

    const active = await gatewayRequest<GatewaySession[]>(
      cluster,
      "GET",
      "/1.0/sessions?status=active&recursion=true",
    );
    const expected = sessions.filter((session) => session.status === "active");
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(active.body.metadata.map((session) => session.id)).toEqual(expected.map((s) => s.id));
    expect(active.body.total_size).toBe(expected.length);

    const several = await gatewayRequest<string[]>(
      cluster,
      "GET",
      "/1.0/sessions?status=active,error",
    );
    expect(several.body.total_size).toBe(
      sessions.filter((session) => ["active", "error"].includes(session.status)).length,
    );
  });

  it("refuses bad list parameters with 400 naming them", async () => {
    const cases: [string, string][] = [
      [
        "status=sleeping",
        "status: must be one or more of created, active, error, terminating, terminated",
      ],
      ["limit=0", "limit: must be at least 1"],
      ["offset=-1", "offset: must not be negative"],
      ["sort_by=colour", "sort_by: must be one of created_at, updated_at, id, app, status"],
      ["sort_order=sideways", "sort_order: must be asc or desc"],
    ];
    for (const [query, problem] of cases) {
      const response = await gatewayRequest(cluster, "GET", `/1.0/sessions?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toBe(`Invalid list parameters: ${problem}`);
    }
    const unknown = await gatewayRequest(cluster, "GET", "/1.0/sessions/cafecafecafecafecafe");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Session "cafecafecafecafecafe" not found');
    const malformed = await gatewayRequest(cluster, "GET", "/1.0/sessions/not%20an%20id");
    expect(malformed.status).toBe(400);
  });
});

describe("deleting sessions", () => {
  it("DELETE /1.0/sessions/{id} deletes the instance and terminates the session", async () => {
    const { instanceId, sessionId } = await streamingInstance();
    const response = await gatewayRequest<GatewaySession>(
      cluster,
      "DELETE",
      `/1.0/sessions/${sessionId}?sync=true`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.metadata).toMatchObject({
      id: sessionId,
      status: "terminated",
      container_id: "",
    });
    expect((await cluster.request("GET", `/1.0/instances/${instanceId}`)).status).toBe(404);
    // Deleting it again changes nothing.
    const again = await gatewayRequest(cluster, "DELETE", `/1.0/sessions/${sessionId}`);
    expect(again.status).toBe(200);
  });

  it("without sync answers at once, terminating, and the session ends when the instance is gone", async () => {
    const { instanceId, sessionId } = await streamingInstance();
    const response = await gatewayRequest<GatewaySession>(
      cluster,
      "DELETE",
      `/1.0/sessions/${sessionId}`,
    );
    expect(response.status).toBe(200);
    expect(["terminating", "terminated"]).toContain(response.body.metadata.status);
    await waitForSessionStatus(cluster, sessionId, "terminated");
    expect((await cluster.request("GET", `/1.0/instances/${instanceId}`)).status).toBe(404);
  });

  it("deletes the stopped instance of a terminated session too", async () => {
    const { instanceId, sessionId } = await streamingInstance();
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${instanceId}`, {
      desired_status: "stopped",
    });
    await waitForSessionStatus(cluster, sessionId, "terminated");
    const response = await gatewayRequest(cluster, "DELETE", `/1.0/sessions/${sessionId}?sync=1`);
    expect(response.status).toBe(200);
    expect((await cluster.request("GET", `/1.0/instances/${instanceId}`)).status).toBe(404);
  });

  it("DELETE /1.0/sessions answers 207 with a reason per session that could not end", async () => {
    const plain = await streamingInstance();
    const guarded = await streamingInstance({
      config: { enable_streaming: true, security: { delete_protected: true } },
    });
    const response = await gatewayRequest<{
      deleted_sessions: string[];
      errors: { session_id: string; status_code: number; error_message: string }[];
    }>(cluster, "DELETE", "/1.0/sessions?sync=true", {
      body: { ids: [plain.sessionId, "cafecafecafecafecafe", guarded.sessionId] },
    });
    expect(response.status, response.text).toBe(207);
    expect(response.body.status_code).toBe(207);
    expect(response.body.error).toBe("2 of 3 sessions could not be deleted");
    expect(response.body.metadata.deleted_sessions).toEqual([plain.sessionId]);
    const guardedInstance = await getInstance(cluster, guarded.instanceId);
    expect(response.body.metadata.errors).toEqual([
      {
        session_id: "cafecafecafecafecafe",
        status_code: 404,
        error_message: 'Session "cafecafecafecafecafe" not found',
      },
      {
        session_id: guarded.sessionId,
        status_code: 409,
        error_message: `Instance ${guardedInstance.name} is protected against deletion`,
      },
    ]);
    expect((await getSession(cluster, plain.sessionId)).status).toBe("terminated");
    expect((await getSession(cluster, guarded.sessionId)).status).toBe("active");

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${guarded.instanceId}`, {
      config: { security: { delete_protected: false } },
    });
    const all = await gatewayRequest(cluster, "DELETE", "/1.0/sessions?sync=1", {
      body: { ids: [guarded.sessionId] },
    });
    expect(all.status).toBe(200);
    expect(all.body.metadata).toEqual({ deleted_sessions: [guarded.sessionId], errors: [] });
  });

  it("refuses a bulk delete without ids", async () => {
    const response = await gatewayRequest(cluster, "DELETE", "/1.0/sessions", {
      body: { ids: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Invalid session delete: ids: must name at least one session");
  });
});

describe("after a restart", () => {
  it("keeps sessions, and catches up with instance changes it did not see", async () => {
    const running = await streamingInstance();
    const vanished = await streamingInstance();
    await waitForSessionStatus(cluster, vanished.sessionId, "active");
    // As if the process died between removing the instance and updating its session.
    await cluster.running.context.db
      .deleteFrom("instances")
      .where("id", "=", vanished.instanceId)
      .execute();
    cluster = await cluster.restart();
    const gone = await getSession(cluster, vanished.sessionId);
    expect(gone).toMatchObject({
      status: "terminated",
      status_message: "The instance was deleted",
    });
    // The running instance is booted again by the restarted cluster, and its session follows.
    await waitForSessionStatus(cluster, running.sessionId, "active");
  });
});
