// The `/api/nodes...` calls against the real dashboard and two embedded clusters: the list (every
// node of every cluster with its clusterId, paged, sorted and filtered by the clusters, merged),
// one node, adding, changing and removing one, and the refusals of each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  type AmsOperation,
  type ClusterNode,
  type ClusterOperation,
  type NodesListResponse,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForOperation,
} from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
const bootDelayBefore = process.env.CLUSTER_BOOT_STEP_DELAY_MS;

async function waitOperation(clusterId: string, id: string): Promise<AmsOperation> {
  return waitForOperation(clusterClient(harness, clusterId), id);
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { cookie };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${harness.url}${path}`, init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}

function errorOf(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  return messageOf(answer.body);
}

async function list(query: string): Promise<NodesListResponse> {
  const answer = await call("GET", `/api/nodes${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as NodesListResponse;
}

/** A write through the dashboard, answered 202 with the cluster's operation, waited for. */
async function write(method: string, path: string, body?: unknown): Promise<AmsOperation> {
  const answer = await call(method, path, body);
  expect(answer.status, answer.text).toBe(202);
  const operation = (answer.body as { metadata: ClusterOperation }).metadata;
  return waitOperation(operation.clusterId, operation.id);
}

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "0";
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  // Nodes n-00 … n-05: even ones on default, odd ones on second, so a page by name needs both.
  for (let number = 0; number < 6; number++) {
    const clusterId = number % 2 === 0 ? "default" : "second";
    const started = await clusterClient(harness, clusterId).post<AmsOperation>("/1.0/nodes", {
      name: `n-0${number}`,
      cpus: 2,
    });
    await waitOperation(clusterId, started.metadata.id);
  }
});

afterAll(async () => {
  await harness.stop();
  if (bootDelayBefore === undefined) delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
  else process.env.CLUSTER_BOOT_STEP_DELAY_MS = bootDelayBefore;
});

describe("GET /api/nodes", () => {
  it("lists every cluster's nodes with their clusterId and what they hold", async () => {
    const all = await list("?size=100");
    const names = all.metadata.map((node) => `${node.clusterId}/${node.name}`);
    for (let number = 0; number < 6; number++) {
      const clusterId = number % 2 === 0 ? "default" : "second";
      expect(names).toContain(`${clusterId}/n-0${number}`);
    }
    expect(all.total_size).toBe(all.metadata.length);
    expect(typeof all.metadata[0]?.allocated?.cpus).toBe("number");
  });

  it("pages by name across clusters without overlap or gap", async () => {
    const query = "?search=n-0&orderBy=name&order=desc&size=30";
    const whole = await list(query);
    expect(whole.metadata.map((node) => node.name)).toEqual([
      "n-05",
      "n-04",
      "n-03",
      "n-02",
      "n-01",
      "n-00",
    ]);
    expect(whole.total_size).toBe(6);
    const second = await list(`${query}&page=2`);
    expect(second.metadata).toEqual([]);
    expect(second.total_size).toBe(6);
  });

  it("filters by schedulability and sorts by how full a node is", async () => {
    const onlyDefault = await list("?subclusters=second&search=n-0");
    expect(onlyDefault.metadata.every((node) => node.clusterId === "second")).toBe(true);
    expect(onlyDefault.total_size).toBe(3);
    const closed = await list("?unschedulable=true");
    expect(closed.metadata.every((node) => node.unschedulable)).toBe(true);
  });

  it("answers 400 naming a bad parameter, 401 signed out", async () => {
    expect(errorOf(await call("GET", "/api/nodes?orderBy=size"), 400)).toContain("orderBy");
    expect(errorOf(await call("GET", "/api/nodes?status=sleepy"), 400)).toContain("status");
    expect(errorOf(await call("GET", "/api/nodes?unschedulable=1"), 400)).toContain(
      "unschedulable",
    );
    expect(errorOf(await call("GET", "/api/nodes?size=7"), 400)).toContain("size");
    expect(errorOf(await call("GET", "/api/nodes?subclusters=nowhere"), 400)).toContain("nowhere");
    const signedOut = await fetch(`${harness.url}/api/nodes`);
    expect(signedOut.status).toBe(401);
  });
});

describe("one node", () => {
  it("reads a node with its clusterId; 404 for an unknown one, 400 for a bad name", async () => {
    const answer = await call("GET", "/api/nodes/n-01?clusterId=second");
    expect(answer.status, answer.text).toBe(200);
    expect((answer.body as { metadata: ClusterNode }).metadata).toMatchObject({
      name: "n-01",
      clusterId: "second",
    });
    expect(errorOf(await call("GET", "/api/nodes/n-01?clusterId=default"), 404)).toContain("n-01");
    expect(errorOf(await call("GET", "/api/nodes/bad_name!?clusterId=default"), 400)).toContain(
      "name",
    );
    expect(errorOf(await call("GET", "/api/nodes/n-01?clusterId=nowhere"), 400)).toContain(
      "nowhere",
    );
  });

  it("adds a node, changes it and removes it", async () => {
    const added = await write("POST", "/api/nodes?clusterId=default", { name: "n-new", cpus: 4 });
    expect(added.status).toBe("Success");
    const changed = await write("PATCH", "/api/nodes/n-new?clusterId=default", {
      cpu_allocation_rate: 2,
      gpu_slots: 3,
      vpu_slots: 2,
      tags: ["edge"],
      unschedulable: true,
    });
    expect(changed.status, changed.err).toBe("Success");
    const node = (
      (await call("GET", "/api/nodes/n-new?clusterId=default")).body as { metadata: ClusterNode }
    ).metadata;
    expect(node).toMatchObject({
      cpu_allocation_rate: 2,
      gpu_slots: 3,
      vpu_slots: 2,
      tags: ["edge"],
      unschedulable: true,
    });
    const removed = await write("DELETE", "/api/nodes/n-new?clusterId=default");
    expect(removed.status).toBe("Success");
    expect((await call("GET", "/api/nodes/n-new?clusterId=default")).status).toBe(404);
  });

  it("refuses bad changes naming the field, and a name already taken", async () => {
    expect(
      errorOf(await call("PATCH", "/api/nodes/n-00?clusterId=default", { gpu_slots: -1 }), 400),
    ).toContain("gpu_slots");
    expect(
      errorOf(
        await call("PATCH", "/api/nodes/n-00?clusterId=default", { cpu_allocation_rate: 0 }),
        400,
      ),
    ).toContain("cpu_allocation_rate");
    expect(errorOf(await call("PATCH", "/api/nodes/n-00?clusterId=default", {}), 400)).toContain(
      "no field",
    );
    expect(
      errorOf(await call("POST", "/api/nodes?clusterId=default", { name: "has space" }), 400),
    ).toContain("name");
    expect(
      errorOf(await call("POST", "/api/nodes?clusterId=default", { name: "n-00" }), 409),
    ).toContain("n-00");
    expect(errorOf(await call("POST", "/api/nodes", { name: "n-x" }), 400)).toContain("clusterId");
  });

  it("refuses to remove a node while instances are on it, with the cluster's reason", async () => {
    const started = await clusterClient(harness, "default").post<AmsOperation>("/1.0/instances", {
      name: "sitter",
      node: "n-02",
    });
    expect((await waitOperation("default", started.metadata.id)).status).toBe("Success");
    const message = errorOf(await call("DELETE", "/api/nodes/n-02?clusterId=default"), 400);
    expect(message).toContain("n-02 cannot be removed: 1 instance is still on it");
    const listed = await list("?search=n-02");
    expect(listed.metadata[0]?.allocated?.instances).toBe(1);
  });
});
