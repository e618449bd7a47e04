// GET /api/operations against the real dashboard and two embedded clusters: every cluster's
// operations with their clusterId, sorted on the server, filtered by subclusters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  operationsResponseSchema,
  type AmsOperation,
  type ClusterOperation,
} from "@anbox-dashboard/contract";
import { filterOperations, sortOperations } from "../src/api/operations.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import { clusterClient, messageOf, startSignedIn } from "./support/signed-in-harness.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let cookie: string;
const started: Record<string, AmsOperation> = {};
const namedInstance = `named-${randomUUID().slice(0, 8)}`;
let namedOperation: AmsOperation;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: "default,second" }));
  for (const id of ["default", "second"]) {
    const client = clusterClient(harness, id);
    const result = await client.post<AmsOperation>("/1.0/instances", {
      image_id: "jammy:android15:amd64",
    });
    started[id] = result.metadata;
  }
  const client = clusterClient(harness);
  namedOperation = (
    await client.post<AmsOperation>("/1.0/instances", {
      name: namedInstance,
      image_id: "jammy:android15:amd64",
      no_start: true,
    })
  ).metadata;
});

afterAll(async () => {
  await harness.stop();
});

async function list(query = "", headers: Record<string, string> = { cookie }) {
  const response = await fetch(`${harness.url}/api/operations${query}`, { headers });
  const body: unknown = await response.json();
  return { response, body };
}

async function operations(query = ""): Promise<ClusterOperation[]> {
  const { response, body } = await list(query);
  expect(response.status).toBe(200);
  return operationsResponseSchema.parse(body).metadata;
}

describe("GET /api/operations", () => {
  it("lists every cluster's operations with their clusterId, newest first", async () => {
    const all = await operations();
    for (const id of ["default", "second"]) {
      expect(all).toContainEqual(
        expect.objectContaining({
          id: started[id]?.id,
          clusterId: id,
          description: "Creating instance",
        }),
      );
    }
    const created = all.map((operation) => Date.parse(operation.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("keeps to the subclusters named", async () => {
    const second = await operations("?subclusters=second");
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((operation) => operation.clusterId === "second")).toBe(true);
    const both = await operations("?subclusters=second,default");
    expect(new Set(both.map((operation) => operation.clusterId))).toEqual(
      new Set(["default", "second"]),
    );
  });

  it("sorts by the column and order asked for", async () => {
    const oldest = await operations("?orderBy=created_at&order=asc");
    const times = oldest.map((operation) => Date.parse(operation.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const byStatus = await operations("?orderBy=status&order=asc");
    const statuses = byStatus.map((operation) => operation.status.toLowerCase());
    expect(statuses).toEqual([...statuses].sort());
  });

  it("pages the operations that match, naming the instances they act on", async () => {
    const { response, body } = await list("?type=instances&size=30&orderBy=created_at");
    expect(response.status).toBe(200);
    const page = operationsResponseSchema.parse(body);
    const all = await operations("?type=instances");
    expect(page.total_size).toBe(all.length);
    expect(page.metadata.map((operation) => operation.id)).toEqual(
      all.slice(0, 30).map((operation) => operation.id),
    );
    const named = page.metadata.find((operation) => operation.id === namedOperation.id);
    const url = namedOperation.resources.instances?.[0] ?? "";
    expect(named?.resourceNames).toEqual({ [url]: namedInstance });
    // The list without a page is as it was: no names to look up for a count.
    expect(all.every((operation) => operation.resourceNames === undefined)).toBe(true);
  });

  it("filters by status and by what the operation acts on", async () => {
    const images = await operations("?type=images");
    expect(images.every((operation) => operation.resources.images !== undefined)).toBe(true);
    const instances = await operations("?type=instances,nodes");
    expect(instances.map((operation) => operation.id)).toContain(namedOperation.id);
    const failed = await operations("?status=Failure,Cancelled");
    expect(failed.every((operation) => ["Failure", "Cancelled"].includes(operation.status))).toBe(
      true,
    );
    const second = await list("?size=30&page=2&subclusters=second");
    const secondPage = operationsResponseSchema.parse(second.body);
    expect(secondPage.metadata).toEqual([]);
    expect(secondPage.total_size).toBeGreaterThan(0);
  });

  it("answers 400 naming a bad parameter or an unknown cluster", async () => {
    for (const [query, named] of [
      ["?orderBy=id", "orderBy"],
      ["?order=up", "order"],
      ["?status=Running,Sleeping", "status"],
      ["?type=instances,phones", "type"],
      ["?size=7", "size"],
      ["?page=0", "page"],
      ["?subclusters=default,nope", '"nope"'],
    ] as const) {
      const { response, body } = await list(query);
      expect(response.status).toBe(400);
      expect(messageOf(body)).toContain(named);
    }
  });

  it("needs a session", async () => {
    expect((await list("", {})).response.status).toBe(401);
  });
});

describe("sortOperations", () => {
  const base: ClusterOperation = {
    id: "a",
    class: "task",
    description: "Creating instance",
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-01T10:00:05.000Z",
    status: "Running",
    status_code: 103,
    resources: {},
    metadata: null,
    may_cancel: false,
    err: "",
    server_address: "",
    clusterId: "default",
  };

  it("breaks ties by id so that the order is stable", () => {
    const items = [
      { ...base, id: "c" },
      { ...base, id: "a" },
      { ...base, id: "b" },
    ];
    expect(sortOperations(items, "created_at", "asc").map((item) => item.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("compares times as times, descriptions without case", () => {
    const items = [
      { ...base, id: "x", updated_at: "2026-01-02T00:00:00Z", description: "b" },
      { ...base, id: "y", updated_at: "2026-01-01T23:00:00.000+00:00", description: "A" },
    ];
    expect(sortOperations(items, "updated_at", "desc").map((item) => item.id)).toEqual(["x", "y"]);
    expect(sortOperations(items, "description", "asc").map((item) => item.id)).toEqual(["y", "x"]);
  });
});

describe("filterOperations", () => {
  const operation = (
    id: string,
    status: ClusterOperation["status"],
    resources: ClusterOperation["resources"],
  ): ClusterOperation => ({
    id,
    class: "task",
    description: "",
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-01T10:00:00.000Z",
    status,
    status_code: 103,
    resources,
    metadata: null,
    may_cancel: false,
    err: "",
    server_address: "",
    clusterId: "default",
  });
  const items = [
    operation("start", "Running", { instances: ["/1.0/instances/a"] }),
    operation("import", "Success", { images: ["/1.0/images/b"] }),
    operation("config", "Failure", {}),
    operation("cert", "Success", { certificates: ["/1.0/certificates/c"] }),
  ];
  const ids = (query: Parameters<typeof filterOperations>[1]) =>
    filterOperations(items, query).map((item) => item.id);

  it("keeps every operation when nothing is asked for", () => {
    expect(ids({})).toEqual(["start", "import", "config", "cert"]);
  });

  it("keeps those of any status and any type asked for; both must hold", () => {
    expect(ids({ status: ["Success", "Failure"] })).toEqual(["import", "config", "cert"]);
    expect(ids({ type: ["other"] })).toEqual(["config", "cert"]);
    expect(ids({ type: ["instances", "images"], status: ["Success"] })).toEqual(["import"]);
  });
});
