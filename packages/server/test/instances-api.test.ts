// The `/api/instances...` calls against the real dashboard and two embedded clusters: the list
// (paged, sorted and filtered in the clusters, merged across them), one instance, its writes,
// its logs, and the 400s, 404s and passed-on refusals of each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  instancesListQuerySchema,
  type AmsInstance,
  type AmsOperation,
  type InstanceListOrderBy,
  type InstanceOperationResponse,
  type InstanceResponse,
  type InstancesListResponse,
} from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import { callCluster } from "../src/clusters/cluster-call.ts";
import { listInstancesOf } from "../src/api/instances/list.ts";
import { mergeInOrder } from "../src/clusters/page-across-clusters.ts";
import type { ClusterHandle } from "../src/clusters/cluster-handle.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
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

describe("callCluster", () => {
  const unreachable = { id: "far", client: new AmsClient("/nonexistent/ams.socket") };

  async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
    const error: unknown = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }

  it("names a cluster that cannot be reached in a 503", async () => {
    const error = await failureOf(
      callCluster(unreachable, (signal) => unreachable.client.get("/1.0", signal)),
    );
    expect(error.statusCode).toBe(503);
    expect(error.message).toMatch(/^Cluster "far" failed: The cluster cannot be reached/);
  });

  it("names a cluster that does not answer in time in a 503", async () => {
    const dir = mkdtempSync(join(tmpdir(), "silent-cluster-"));
    const socketPath = join(dir, "ams.socket");
    // Accepts connections and never answers.
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
    try {
      const cluster = { id: "silent", client: new AmsClient(socketPath) };
      const error = await failureOf(
        callCluster(cluster, (signal) => cluster.client.get("/1.0", signal), 300),
      );
      expect(error.statusCode).toBe(503);
      expect(error.message).toBe('Cluster "silent" did not answer within 300 ms.');
    } finally {
      silent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("listInstancesOf, merging clusters that list at most 1000 at once", () => {
  /** Sorts as a cluster does: by the column, then by id, in the direction asked for. */
  function clusterOrder<T extends AmsInstance>(
    instances: readonly T[],
    orderBy: InstanceListOrderBy,
    order: string,
  ): T[] {
    const sign = order === "desc" ? -1 : 1;
    const key = (instance: T) => String(instance[orderBy]).padStart(12, "0");
    return [...instances].sort(
      (a, b) => sign * (key(a).localeCompare(key(b), "en") || a.id.localeCompare(b.id, "en")),
    );
  }

  /** A cluster stand-in answering `GET /1.0/instances` from a list; records each `limit`. */
  async function fakeCluster(
    id: string,
    instances: readonly AmsInstance[],
    limits: number[],
  ): Promise<{ cluster: ClusterHandle; close: () => void }> {
    const dir = mkdtempSync(join(tmpdir(), "listing-cluster-"));
    const socketPath = join(dir, "ams.socket");
    const server = createHttpServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://cluster");
      const limit = Number(url.searchParams.get("limit"));
      const offset = Number(url.searchParams.get("offset"));
      limits.push(limit);
      response.setHeader("content-type", "application/json");
      if (limit > 1000) {
        response.statusCode = 400;
        response.end(JSON.stringify({ type: "error", error: "limit too big", error_code: 400 }));
        return;
      }
      const orderBy = (url.searchParams.get("order_by") ?? "created_at") as InstanceListOrderBy;
      const sorted = clusterOrder(instances, orderBy, url.searchParams.get("order") ?? "asc");
      response.end(
        JSON.stringify({
          type: "sync",
          metadata: sorted.slice(offset, offset + limit),
          total_size: instances.length,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    return {
      cluster: { id, client: new AmsClient(socketPath) },
      close: () => {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  /** Instances with unevenly spread names and many equal creation times (ties go by id). */
  function instancesOf(prefix: string, count: number, stride: number): AmsInstance[] {
    return Array.from(
      { length: count },
      (_, index) =>
        ({
          id: `${prefix}${String(index).padStart(5, "0")}`,
          name: `n-${String((index * stride) % 9973).padStart(4, "0")}-${prefix}`,
          created_at: index % 37,
          status: "running",
        }) as AmsInstance,
    );
  }

  it("returns the page the whole sorted list holds, in chunks of at most 1000", async () => {
    const big = instancesOf("a", 1500, 7919);
    const small = instancesOf("b", 700, 104729);
    const limits: number[] = [];
    const one = await fakeCluster("big", big, limits);
    const two = await fakeCluster("small", small, limits);
    try {
      const all = [
        ...big.map((instance) => ({ ...instance, clusterId: "big" })),
        ...small.map((instance) => ({ ...instance, clusterId: "small" })),
      ];
      for (const [page, orderBy, order] of [
        ["1", "name", "asc"],
        ["15", "name", "asc"],
        ["16", "name", "desc"],
        ["21", "created_at", "desc"],
        ["22", "created_at", "asc"],
        ["23", "name", "asc"],
      ] as const) {
        const query = instancesListQuerySchema.parse({ page, size: "100", orderBy, order });
        const answer = await listInstancesOf([one.cluster, two.cluster], query);
        const first = (Number(page) - 1) * 100;
        const expected = clusterOrder(all, orderBy, order).slice(first, first + 100);
        expect(answer.total_size).toBe(2200);
        expect(
          answer.metadata.map((item) => `${item.clusterId}/${item.id}`),
          `page ${page} by ${orderBy} ${order}`,
        ).toEqual(expected.map((item) => `${item.clusterId}/${item.id}`));
      }
      expect(Math.max(...limits)).toBe(1000);
    } finally {
      one.close();
      two.close();
    }
  });
});

describe("mergeInOrder", () => {
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it("merges sorted lists, stopping at the count asked for", () => {
    expect(mergeInOrder([["a", "c", "e"], ["b", "d"], []], byCodeUnit)).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
    ]);
    expect(
      mergeInOrder(
        [
          ["a", "c", "e"],
          ["b", "d"],
        ],
        byCodeUnit,
        3,
      ),
    ).toEqual(["a", "b", "c"]);
  });

  it("keeps a list's own order where its collation differs, so pages stay consistent", () => {
    // A cluster that sorts case-insensitively (a PostgreSQL collation): "apple" before "Banana".
    const lists = [["apple", "Banana", "cherry"], ["Apricot"]];
    const whole = mergeInOrder(lists, byCodeUnit);
    expect(whole).toEqual(["Apricot", "apple", "Banana", "cherry"]);
    for (let count = 0; count <= 4; count++) {
      expect(mergeInOrder(lists, byCodeUnit, count)).toEqual(whole.slice(0, count));
    }
  });
});
