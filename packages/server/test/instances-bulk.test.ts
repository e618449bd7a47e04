// PATCH /api/instance_bulk and DELETE /api/instances against the real dashboard and two embedded
// clusters: one request per cluster, and a result per instance, failures included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  type AmsInstance,
  type AmsOperation,
  type ClusterInstanceBulkResult,
  type InstanceBulkResponse,
} from "@anbox-dashboard/contract";
import { outcomeOf } from "../src/api/instances/bulk.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;
const ids: Record<string, string> = {};

async function createOn(clusterId: string, name: string): Promise<string> {
  const client = clusterClient(harness, clusterId);
  const started = await client.post<AmsOperation>("/1.0/instances", { name });
  await waitForSuccess(client, started.metadata.id);
  return started.metadata.resources.instances?.[0]?.split("/").at(-1) ?? "";
}

async function statusOf(clusterId: string, name: string): Promise<string> {
  const { metadata } = await clusterClient(harness, clusterId).get<AmsInstance>(
    `/1.0/instances/${name}`,
  );
  return metadata.status;
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  ids.one = await createOn("default", "one");
  ids.two = await createOn("default", "two");
  ids.three = await createOn("second", "three");
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

async function send(
  method: "PATCH" | "DELETE",
  path: string,
  body: unknown,
  headers: Record<string, string> = { cookie },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function results(
  method: "PATCH" | "DELETE",
  path: string,
  body: unknown,
): Promise<ClusterInstanceBulkResult[]> {
  const answer = await send(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as InstanceBulkResponse).metadata.results;
}

const byName = (list: ClusterInstanceBulkResult[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

describe("PATCH /api/instance_bulk", () => {
  it("stops instances of both clusters, reporting an unknown one as failed", async () => {
    const outcome = await results("PATCH", "/api/instance_bulk", {
      desired_status: "stopped",
      instances: [
        { id: ids.one, clusterId: "default" },
        { id: "ghost", clusterId: "default" },
        { id: "three", clusterId: "second" },
      ],
    });
    expect(byName(outcome)).toEqual([
      {
        id: "ghost",
        name: "",
        success: false,
        error: 'Instance "ghost" not found',
        clusterId: "default",
      },
      { id: ids.one, name: "one", success: true, error: "", clusterId: "default" },
      { id: ids.three, name: "three", success: true, error: "", clusterId: "second" },
    ]);
    expect(await statusOf("default", "one")).toBe("stopped");
    expect(await statusOf("second", "three")).toBe("stopped");
    expect(await statusOf("default", "two")).toBe("running");
  });

  it("starts them again", async () => {
    const outcome = await results("PATCH", "/api/instance_bulk", {
      desired_status: "running",
      instances: [
        { id: "one", clusterId: "default" },
        { id: ids.three, clusterId: "second" },
      ],
    });
    expect(outcome.every((result) => result.success)).toBe(true);
    expect(await statusOf("default", "one")).toBe("running");
    expect(await statusOf("second", "three")).toBe("running");
  });

  it("refuses a bad body with 400 naming the problem", async () => {
    for (const [body, message] of [
      [{ desired_status: "paused", instances: [{ id: "one", clusterId: "default" }] }, "paused"],
      [{ desired_status: "running", instances: [] }, "instances must name at least one instance"],
      [{ desired_status: "running" }, "instances must be a list of {id, clusterId}"],
      [{ desired_status: "running", instances: [{ id: "", clusterId: "default" }] }, "id must"],
      [{ desired_status: "running", instances: [{ id: "one", clusterId: "nope" }] }, '"nope"'],
    ] as const) {
      const answer = await send("PATCH", "/api/instance_bulk", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const text = messageOf(answer.body);
      expect(text, JSON.stringify(body)).toContain(
        message === "paused" ? "desired_status must be running, stopped or deleted" : message,
      );
    }
    expect(await statusOf("default", "one")).toBe("running");
  });

  it("needs a session", async () => {
    const answer = await send(
      "PATCH",
      "/api/instance_bulk",
      { desired_status: "stopped", instances: [{ id: "one", clusterId: "default" }] },
      {},
    );
    expect(answer.status).toBe(401);
  });
});

describe("bulk delete", () => {
  it("reports the refusal of a cluster for each of its instances, and deletes the rest", async () => {
    await results("PATCH", "/api/instance_bulk", {
      desired_status: "stopped",
      instances: [{ id: "three", clusterId: "second" }],
    });
    // one and two run: without force, their cluster refuses the whole request.
    const outcome = await results("DELETE", "/api/instances", {
      instances: [
        { id: "one", clusterId: "default" },
        { id: "two", clusterId: "default" },
        { id: "three", clusterId: "second" },
      ],
    });
    const refusal = "stop it first or delete it with force";
    expect(byName(outcome)).toEqual([
      {
        id: ids.one,
        name: "one",
        success: false,
        error: expect.stringContaining(refusal) as unknown,
        clusterId: "default",
      },
      { id: ids.three, name: "three", success: true, error: "", clusterId: "second" },
      {
        id: ids.two,
        name: "two",
        success: false,
        error: expect.stringContaining(refusal) as unknown,
        clusterId: "default",
      },
    ]);
    expect(await statusOf("default", "one")).toBe("running");
    const gone = await clusterClient(harness, "second").get<string[]>("/1.0/instances");
    expect(gone.metadata).toEqual([]);
  });

  it("deletes running instances with force through PATCH ... deleted", async () => {
    const outcome = await results("PATCH", "/api/instance_bulk", {
      desired_status: "deleted",
      force: true,
      instances: [
        { id: "one", clusterId: "default" },
        { id: ids.two, clusterId: "default" },
      ],
    });
    expect(byName(outcome)).toEqual([
      { id: ids.one, name: "one", success: true, error: "", clusterId: "default" },
      { id: ids.two, name: "two", success: true, error: "", clusterId: "default" },
    ]);
    const left = await clusterClient(harness, "default").get<string[]>("/1.0/instances");
    expect(left.metadata).toEqual([]);
  });

  it("deletes the others when the cluster refuses the batch for one (delete protection)", async () => {
    const kept = await createOn("default", "kept");
    const dropped = await createOn("default", "dropped");
    const client = clusterClient(harness, "default");
    const protect = await client.patch<AmsOperation>(`/1.0/instances/${kept}`, {
      config: { security: { delete_protected: true } },
    });
    await client.get(`/1.0/operations/${protect.metadata.id}/wait?timeout=30`);
    const outcome = await results("DELETE", "/api/instances", {
      force: true,
      instances: [
        { id: kept, clusterId: "default" },
        { id: dropped, clusterId: "default" },
      ],
    });
    expect(byName(outcome)).toEqual([
      { id: dropped, name: "dropped", success: true, error: "", clusterId: "default" },
      {
        id: kept,
        name: "kept",
        success: false,
        error: expect.stringContaining("protected against deletion") as unknown,
        clusterId: "default",
      },
    ]);
    const left = await client.get<string[]>("/1.0/instances");
    expect(left.metadata).toEqual([`/1.0/instances/${kept}`]);
  });

  it("reports instances that are gone, without asking their cluster to delete nothing", async () => {
    const outcome = await results("DELETE", "/api/instances", {
      instances: [{ id: "one", clusterId: "default" }],
      force: true,
    });
    expect(outcome).toEqual([
      {
        id: "one",
        name: "",
        success: false,
        error: 'Instance "one" not found',
        clusterId: "default",
      },
    ]);
  });

  it("refuses a bad body with 400", async () => {
    const answer = await send("DELETE", "/api/instances", { instances: "one", force: true });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.body)).toContain("instances must be a list of {id, clusterId}");
    const force = await send("DELETE", "/api/instances", {
      instances: [{ id: "one", clusterId: "default" }],
      force: "yes",
    });
    expect(force.status).toBe(400);
    expect(messageOf(force.body)).toContain("force");
  });
});

describe("outcomeOf", () => {
  const operation: AmsOperation = {
    id: "5d0c3c6e-8f43-4f0e-9a51-3f5a3c2b1a00",
    class: "task",
    description: "Stopping instances",
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-01T10:00:05.000Z",
    status: "Success",
    status_code: 200,
    resources: {},
    metadata: {
      results: [
        { id: "i1", name: "one", success: true, error: "" },
        { id: "i2", name: "two", success: false, error: "Instance two is being deleted" },
      ],
    },
    may_cancel: false,
    err: "",
    server_address: "",
  };

  it("takes an instance's entry of the operation's results", () => {
    expect(outcomeOf(operation, "i2", "two")).toEqual({
      name: "two",
      success: false,
      error: "Instance two is being deleted",
    });
    expect(outcomeOf(operation, "i1", "one")).toEqual({ name: "one", success: true, error: "" });
  });

  it("takes the operation's own outcome when it lists no results (a delete)", () => {
    const deleted = { ...operation, metadata: null };
    expect(outcomeOf(deleted, "i3", "three")).toEqual({ name: "three", success: true, error: "" });
    const failed = { ...deleted, status: "Failure" as const, status_code: 400, err: "Disk gone" };
    expect(outcomeOf(failed, "i3", "three")).toEqual({
      name: "three",
      success: false,
      error: "Disk gone",
    });
  });

  it("reports an operation still running after the wait as unfinished", () => {
    const running = { ...operation, status: "Running" as const, status_code: 103 };
    expect(outcomeOf(running, "i1", "one")).toEqual({
      name: "one",
      success: false,
      error: "Not finished: the operation is still Running after 60 s",
    });
  });
});
