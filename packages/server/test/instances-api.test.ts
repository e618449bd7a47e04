// The `/api/instances...` calls against the real dashboard and two embedded clusters: the list
// (paged, sorted and filtered in the clusters, merged across them), one instance, its writes,
// its logs, and the 400s, 404s and passed-on refusals of each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  type AmsOperation,
  type InstanceOperationResponse,
  type InstanceResponse,
  type InstancesListResponse,
} from "@anbox-dashboard/contract";
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

/** Creates an instance straight on a cluster and waits until its creation ended. */
async function createOn(clusterId: string, body: Record<string, unknown>): Promise<void> {
  const client = clusterClient(harness, clusterId);
  const started = await client.post<AmsOperation>("/1.0/instances", body);
  await waitOperation(clusterId, started.metadata.id);
}

async function waitOperation(clusterId: string, id: string): Promise<AmsOperation> {
  return waitForSuccess(clusterClient(harness, clusterId), id);
}

beforeAll(async () => {
  // Quick boots: the embedded clusters (child processes) read it from the environment.
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  // inst-00 … inst-39, even numbers on default, odd ones on second: a page by name needs both.
  await Promise.all(
    Array.from({ length: 40 }, (_, number) =>
      createOn(number % 2 === 0 ? "default" : "second", {
        name: `inst-${String(number).padStart(2, "0")}`,
        no_start: true,
      }),
    ),
  );
  await createOn("default", { name: "Alpha-Run", tags: ["team=a", "gold"] });
  await createOn("second", { name: "bravo-run", type: "vm", tags: ["team=a"] });
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { cookie, ...options.headers };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${harness.url}${path}`, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** The message of a 4xx or 5xx answer, after checking its status. */
function errorOf(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  return messageOf(answer.body);
}

async function list(query: string): Promise<InstancesListResponse> {
  const answer = await call("GET", `/api/instances${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as InstancesListResponse;
}

async function names(query: string): Promise<{ names: string[]; total: number }> {
  const page = await list(query);
  return { names: page.metadata.map((item) => item.name), total: page.total_size };
}

const numbered = (from: number, to: number, step = 1): string[] => {
  const result: string[] = [];
  for (let number = from; step > 0 ? number <= to : number >= to; number += step) {
    result.push(`inst-${String(number).padStart(2, "0")}`);
  }
  return result;
};

describe("GET /api/instances", () => {
  it("pages by name across both clusters, each item with its clusterId", async () => {
    const first = await list("?orderBy=name&size=30");
    expect(first.total_size).toBe(42);
    expect(first.metadata.map((item) => item.name)).toEqual([
      "Alpha-Run",
      "bravo-run",
      ...numbered(0, 27),
    ]);
    for (const item of first.metadata) {
      const number = /^inst-(\d+)$/.exec(item.name)?.[1];
      if (number !== undefined) {
        expect(item.clusterId).toBe(Number(number) % 2 === 0 ? "default" : "second");
      }
    }
    expect(await names("?orderBy=name&size=30&page=2")).toEqual({
      names: numbered(28, 39),
      total: 42,
    });
    expect(await names("?orderBy=name&size=30&page=3")).toEqual({ names: [], total: 42 });
  });

  it("sorts descending, and pages one cluster in the cluster", async () => {
    expect((await names("?orderBy=name&order=desc&page=2")).names).toEqual([
      ...numbered(9, 0, -1),
      "bravo-run",
      "Alpha-Run",
    ]);
    const second = await list("?orderBy=name&subclusters=second&page=1&size=30");
    expect(second.total_size).toBe(21);
    expect(second.metadata.every((item) => item.clusterId === "second")).toBe(true);
    expect(second.metadata.map((item) => item.name)).toEqual(["bravo-run", ...numbered(1, 39, 2)]);
  });

  it("pages by creation time without a gap or an overlap between pages", async () => {
    const whole = await list("?orderBy=created_at&size=100");
    expect(whole.metadata).toHaveLength(42);
    const times = whole.metadata.map((item) => item.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const first = await list("?orderBy=created_at&size=30");
    const second = await list("?orderBy=created_at&size=30&page=2");
    expect([...first.metadata, ...second.metadata].map((item) => item.id)).toEqual(
      whole.metadata.map((item) => item.id),
    );
    const newest = await list("?orderBy=created_at&order=desc&size=100");
    expect(newest.metadata.map((item) => item.id)).toEqual(
      whole.metadata.map((item) => item.id).reverse(),
    );
  });

  it("filters by status, type, node, tags, app and image in the clusters", async () => {
    expect(await names("?status=running&orderBy=name")).toEqual({
      names: ["Alpha-Run", "bravo-run"],
      total: 2,
    });
    expect((await names("?status=running,stopped")).total).toBe(42);
    expect((await names("?status=stopped&subclusters=default")).total).toBe(20);
    expect((await names("?type=vm")).names).toEqual(["bravo-run"]);
    expect((await names("?node=lxd0&orderBy=name")).names).toEqual(["Alpha-Run", "bravo-run"]);
    expect((await names("?tags=team=a&orderBy=name")).names).toEqual(["Alpha-Run", "bravo-run"]);
    expect((await names("?tags=team=a,gold")).names).toEqual(["Alpha-Run"]);
    expect(await names("?app_name=no-such-app")).toEqual({ names: [], total: 0 });
    const alpha = (await list("?search=alpha")).metadata[0];
    const imageName = alpha?.image_name ?? "";
    expect(imageName).not.toBe("");
    const sameImage = (await list("?size=100")).metadata.filter(
      (item) => item.image_name === imageName,
    );
    const byImage = await list(`?image_name=${encodeURIComponent(imageName)}&size=100`);
    expect(byImage.metadata.map((item) => item.id).sort()).toEqual(
      sameImage.map((item) => item.id).sort(),
    );
    expect((await names("?image_name=jammy")).total).toBe(0);
  });

  it("searches a part of the name in every cluster, whatever its case", async () => {
    expect((await names("?search=ALPHA")).names).toEqual(["Alpha-Run"]);
    expect(await names("?search=-RUN&orderBy=name&order=desc")).toEqual({
      names: ["bravo-run", "Alpha-Run"],
      total: 2,
    });
    expect(await names("?search=inst-1&orderBy=name")).toEqual({
      names: numbered(10, 19),
      total: 10,
    });
    expect((await names("?search=nothing-like-it")).total).toBe(0);
    // An empty parameter is no filter, as the web client may send one.
    expect((await names("?search=&app_name=")).total).toBe(42);
  });

  it("answers 400 naming each bad parameter", async () => {
    for (const [query, message] of [
      ["?page=0", "page must be at least 1"],
      ["?page=two", "page must be a whole number"],
      ["?page=1&page=2", "page"],
      ["?size=20", "size must be 30, 50 or 100"],
      ["?order=up", "order must be asc or desc"],
      ["?orderBy=colour", "orderBy must be one of name"],
      ["?status=running,sleeping", "status must be a comma-joined list"],
      ["?type=phone", "type must be one of container, vm"],
      [`?search=${"x".repeat(64)}`, "search must be at most 63 characters"],
      ["?subclusters=default,nope", 'Unknown cluster "nope"'],
    ] as const) {
      expect(errorOf(await call("GET", `/api/instances${query}`), 400), query).toContain(message);
    }
  });

  it("needs a session", async () => {
    const answer = await fetch(`${harness.url}/api/instances`);
    expect(answer.status).toBe(401);
  });
});

describe("one instance", () => {
  it("reads an instance by name or id, with its clusterId", async () => {
    const byName = await call("GET", "/api/instances/inst-03?clusterId=second");
    expect(byName.status, byName.text).toBe(200);
    const instance = (byName.body as InstanceResponse).metadata;
    expect(instance).toMatchObject({ name: "inst-03", clusterId: "second", status: "stopped" });
    const byId = await call("GET", `/api/instances/${instance.id}?clusterId=second`);
    expect((byId.body as InstanceResponse).metadata.name).toBe("inst-03");
  });

  it("answers 404 for an instance the cluster does not have", async () => {
    expect(errorOf(await call("GET", "/api/instances/ghost?clusterId=default"), 404)).toBe(
      'Instance "ghost" not found',
    );
    // inst-03 lives in the other cluster.
    expect(errorOf(await call("GET", "/api/instances/inst-03?clusterId=default"), 404)).toContain(
      "inst-03",
    );
  });

  it("answers 400 for a missing or unknown clusterId", async () => {
    expect(errorOf(await call("GET", "/api/instances/inst-03"), 400)).toContain(
      "clusterId is required",
    );
    expect(errorOf(await call("GET", "/api/instances/inst-03?clusterId=nope"), 400)).toContain(
      'Unknown cluster "nope"',
    );
  });

  it("creates an instance, answering the cluster's operation, then reads it", async () => {
    const created = await call("POST", "/api/instances?clusterId=second", {
      body: { name: "made-here", no_start: true, tags: ["new"] },
    });
    expect(created.status, created.text).toBe(202);
    const operation = (created.body as InstanceOperationResponse).metadata;
    expect(operation).toMatchObject({ clusterId: "second", description: "Creating instance" });
    const id = operation.resources.instances?.[0]?.split("/").at(-1) ?? "";
    await waitOperation("second", operation.id);
    const read = await call("GET", "/api/instances/made-here?clusterId=second");
    expect((read.body as InstanceResponse).metadata).toMatchObject({
      id,
      name: "made-here",
      tags: ["new"],
      clusterId: "second",
    });
    // The name is taken now: the cluster's refusal comes back as it is.
    const again = await call("POST", "/api/instances?clusterId=second", {
      body: { name: "made-here" },
    });
    expect(errorOf(again, 409)).toBe("An instance with this name already exists");
  });

  it("refuses a bad create request with 400 naming the problem", async () => {
    for (const [body, message] of [
      [{ name: "1st" }, "Instance name must start with a letter"],
      [{ type: "phone" }, "type: must be container or vm"],
      [{ tags: ["a,b"] }, "a tag must not contain a comma"],
      [[], "expected object"],
    ] as const) {
      const answer = await call("POST", "/api/instances?clusterId=default", { body });
      expect(errorOf(answer, 400), JSON.stringify(body)).toContain(message);
    }
  });

  it("stops and starts an instance", async () => {
    const stop = await call("PATCH", "/api/instances/Alpha-Run?clusterId=default", {
      body: { desired_status: "stopped" },
    });
    expect(stop.status, stop.text).toBe(202);
    const operation = (stop.body as InstanceOperationResponse).metadata;
    expect(operation).toMatchObject({ clusterId: "default", description: "Stopping instance" });
    await waitOperation("default", operation.id);
    const stopped = await call("GET", "/api/instances/Alpha-Run?clusterId=default");
    expect((stopped.body as InstanceResponse).metadata.status).toBe("stopped");

    const start = await call("PATCH", "/api/instances/Alpha-Run?clusterId=default", {
      body: { desired_status: "running" },
    });
    await waitOperation("default", (start.body as InstanceOperationResponse).metadata.id);
    const running = await call("GET", "/api/instances/Alpha-Run?clusterId=default");
    expect((running.body as InstanceResponse).metadata.status).toBe("running");
  });

  it("refuses a bad update with 400", async () => {
    for (const body of [{ desired_status: "paused" }, {}]) {
      const answer = await call("PATCH", "/api/instances/Alpha-Run?clusterId=default", { body });
      expect(errorOf(answer, 400)).toContain("desired_status must be running or stopped");
    }
    const missing = await call("PATCH", "/api/instances/ghost?clusterId=default", {
      body: { desired_status: "running" },
    });
    expect(errorOf(missing, 404)).toBe('Instance "ghost" not found');
  });

  it("passes the cluster's refusal to delete a running instance on, then deletes with force", async () => {
    const refused = await call("DELETE", "/api/instances/bravo-run?clusterId=second", {
      body: { force: false },
    });
    expect(errorOf(refused, 400)).toBe(
      "Instance bravo-run is running: stop it first or delete it with force",
    );
    const bad = await call("DELETE", "/api/instances/bravo-run?clusterId=second", {
      body: { force: "yes" },
    });
    expect(errorOf(bad, 400)).toContain("force");

    const forced = await call("DELETE", "/api/instances/bravo-run?clusterId=second", {
      body: { force: true },
    });
    expect(forced.status, forced.text).toBe(202);
    const operation = (forced.body as InstanceOperationResponse).metadata;
    expect(operation).toMatchObject({ clusterId: "second", description: "Deleting instance" });
    await waitOperation("second", operation.id);
    expect(errorOf(await call("GET", "/api/instances/bravo-run?clusterId=second"), 404)).toContain(
      "bravo-run",
    );
  });

  it("deletes a stopped instance without a body", async () => {
    const deleted = await call("DELETE", "/api/instances/made-here?clusterId=second");
    expect(deleted.status, deleted.text).toBe(202);
    await waitOperation("second", (deleted.body as InstanceOperationResponse).metadata.id);
    expect((await call("GET", "/api/instances/made-here?clusterId=second")).status).toBe(404);
  });
});

describe("instance logs", () => {
  it("lists the log names, sorted", async () => {
    const answer = await call("GET", "/api/instances/Alpha-Run/logs?clusterId=default");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ metadata: ["android.log", "boot.log", "system.log"] });
  });

  it("serves a log's text, as a download when asked", async () => {
    const shown = await call("GET", "/api/instances/Alpha-Run/logs/boot.log?clusterId=default");
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(shown.headers.get("content-disposition")).toBeNull();
    expect(shown.text).toContain("[running] Android is up");

    const saved = await call(
      "GET",
      "/api/instances/Alpha-Run/logs/boot.log?clusterId=default&download=1",
    );
    expect(saved.headers.get("content-disposition")).toBe('attachment; filename="boot.log"');
    expect(saved.text).toBe(shown.text);
  });

  it("answers the cluster's 404 for an unknown log or instance, 400 for a bad download flag", async () => {
    const unknown = await call("GET", "/api/instances/Alpha-Run/logs/kernel.log?clusterId=default");
    expect(errorOf(unknown, 404)).toContain('no log "kernel.log"');
    const ghost = await call("GET", "/api/instances/ghost/logs?clusterId=default");
    expect(errorOf(ghost, 404)).toBe('Instance "ghost" not found');
    const flag = await call(
      "GET",
      "/api/instances/Alpha-Run/logs/boot.log?clusterId=default&download=yes",
    );
    expect(errorOf(flag, 400)).toContain("download=1");
    const escape = await call("GET", "/api/instances/Alpha-Run/logs/..%2F..%2Fx?clusterId=default");
    expect(escape.status).toBe(400);
  });
});
