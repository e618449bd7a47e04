// GET /api/applications, GET /api/applications/{id} and GET /api/images against the real dashboard
// and two embedded clusters: what the instance form picks its source from. Applications are
// uploaded through each cluster's own AMS API, as an operator's client would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import {
  type AmsApplication,
  type AmsImage,
  type AmsOperation,
  type ApplicationsListResponse,
  type ClusterApplication,
  type ImagesListResponse,
} from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { storedZip } from "./support/stored-zip.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const clusterIds = ["default", "second"] as const;
type ClusterId = (typeof clusterIds)[number];
let harness: AuthHarness;
let cookie: string;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada, { EMBEDDED_CLUSTERS: clusterIds.join(",") }));
});

afterAll(async () => {
  await harness.stop();
});

async function get(path: string, headers: Record<string, string> = { cookie }) {
  const response = await fetch(`${harness.url}${path}`, { headers });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

async function expectOk<T>(path: string): Promise<T> {
  const { status, body } = await get(path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

async function expectError(path: string, status: number): Promise<string> {
  const answer = await get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return messageOf(answer.body);
}

function clusterSocket(id: ClusterId): string {
  return join(harness.dataDir, "clusters", id, "ams.socket");
}

/** A call to a cluster's own AMS API with a raw body (the dashboard has no upload route yet). */
function clusterCall(
  id: ClusterId,
  method: string,
  path: string,
  raw?: Buffer,
): Promise<{ status: number; metadata: AmsOperation }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> =
      raw === undefined
        ? {}
        : { "content-type": "application/octet-stream", "content-length": String(raw.length) };
    const req = httpRequest(
      { socketPath: clusterSocket(id), method, path, headers, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const envelope = JSON.parse(text) as { metadata: AmsOperation };
          resolve({ status: res.statusCode ?? 0, metadata: envelope.metadata });
        });
      },
    );
    req.on("error", reject);
    req.end(raw);
  });
}

/** Starts an operation on a cluster and waits (on the cluster's side) until it has finished. */
async function runOnCluster(
  id: ClusterId,
  method: string,
  path: string,
  raw?: Buffer,
): Promise<AmsOperation> {
  const started = await clusterCall(id, method, path, raw);
  expect(started.status, JSON.stringify(started.metadata)).toBe(202);
  return waitForSuccess(clusterClient(harness, id), started.metadata.id);
}

/** Uploads a package holding only a manifest and waits for its bootstrap; returns the new id. */
async function uploadApplication(clusterId: ClusterId, name: string): Promise<string> {
  const manifest = [
    `name: ${name}`,
    "image: jammy:android15:amd64",
    "resources:",
    "  cpus: 2",
    "  memory: 3GB",
    "  disk-size: 3GB",
    "",
  ].join("\n");
  const operation = await runOnCluster(
    clusterId,
    "POST",
    "/1.0/applications",
    storedZip({ "manifest.yaml": manifest }),
  );
  const url = operation.resources.applications?.[0];
  if (url === undefined) throw new Error(`the upload of ${name} named no application`);
  return url.split("/").pop() ?? url;
}

const names = (list: { name: string }[]): string[] => list.map((item) => item.name);

describe("GET /api/images", () => {
  it("lists the images every cluster was seeded with, each with its clusterId", async () => {
    const { metadata } = await expectOk<ImagesListResponse>("/api/images");
    for (const clusterId of clusterIds) {
      const own = await new AmsClient(clusterSocket(clusterId)).get<AmsImage[]>(
        "/1.0/images?recursion=1",
      );
      expect(own.metadata.length).toBeGreaterThan(0);
      const listed = metadata.filter((image) => image.clusterId === clusterId);
      // By name, not in the cluster's order (images-api.test.ts checks the sort).
      expect(listed).toHaveLength(own.metadata.length);
      expect(listed).toEqual(
        expect.arrayContaining(own.metadata.map((image) => ({ ...image, clusterId }))),
      );
    }
    expect(metadata).toContainEqual(
      expect.objectContaining({ name: "jammy:android15:amd64", type: "vm", clusterId: "second" }),
    );
  });

  it("keeps to one type when asked", async () => {
    for (const type of ["vm", "container"] as const) {
      const { metadata } = await expectOk<ImagesListResponse>(`/api/images?type=${type}`);
      expect(metadata.length).toBeGreaterThan(0);
      expect(metadata.every((image) => image.type === type)).toBe(true);
    }
    const all = await expectOk<ImagesListResponse>("/api/images");
    const vms = await expectOk<ImagesListResponse>("/api/images?type=vm");
    const containers = await expectOk<ImagesListResponse>("/api/images?type=container");
    expect(vms.metadata.length + containers.metadata.length).toBe(all.metadata.length);
  });

  it("keeps to the subclusters named", async () => {
    const { metadata } = await expectOk<ImagesListResponse>("/api/images?subclusters=second");
    expect(metadata.length).toBeGreaterThan(0);
    expect(metadata.every((image) => image.clusterId === "second")).toBe(true);
  });

  it("answers 400 naming a bad type or an unknown cluster", async () => {
    expect(await expectError("/api/images?type=lxc", 400)).toContain(
      "type must be container or vm",
    );
    expect(await expectError("/api/images?subclusters=nope", 400)).toContain('"nope"');
  });

  it("needs a session", async () => {
    expect((await get("/api/images", {})).status).toBe(401);
  });
});

describe("GET /api/applications before any upload", () => {
  it("answers an empty list", async () => {
    expect(await expectOk<ApplicationsListResponse>("/api/applications")).toEqual({
      metadata: [],
      total_size: 0,
    });
  });
});

describe("GET /api/applications", () => {
  const ids: Record<string, string> = {};
  const pagedNames = Array.from(
    { length: 32 },
    (_, index) => `paged-${String(index).padStart(2, "0")}`,
  );

  beforeAll(async () => {
    const uploads: [ClusterId, string][] = [
      ["default", "alpha-app"],
      ["default", "Beta-app"],
      ["second", "gamma-app"],
      ["default", "doomed-app"],
      ...pagedNames.map((name): [ClusterId, string] => ["default", name]),
    ];
    const created = await Promise.all(
      uploads.map(async ([clusterId, name]) => [name, await uploadApplication(clusterId, name)]),
    );
    for (const [name, id] of created) if (name !== undefined && id !== undefined) ids[name] = id;
    // 36 packages unpacked by the clusters at once: 20 s alone here, over 30 s in CI's loaded run.
  }, 120_000);

  it("lists every cluster's applications with their clusterId, by name without case", async () => {
    const { metadata, total_size } = await expectOk<ApplicationsListResponse>(
      "/api/applications?search=-app",
    );
    expect(total_size).toBe(4);
    expect(names(metadata)).toEqual(["alpha-app", "Beta-app", "doomed-app", "gamma-app"]);
    expect(metadata.map((application) => application.clusterId)).toEqual([
      "default",
      "default",
      "default",
      "second",
    ]);
    expect(metadata[0]).toMatchObject({ id: ids["alpha-app"], status: "ready", vm: false });
  });

  it("answers the first page of 30 by default, with the total", async () => {
    const { metadata, total_size } = await expectOk<ApplicationsListResponse>("/api/applications");
    expect(total_size).toBe(36);
    expect(metadata).toHaveLength(30);
    const lowered = names(metadata).map((name) => name.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
  });

  it("searches a part of the name whatever its case", async () => {
    const beta = await expectOk<ApplicationsListResponse>("/api/applications?search=BETA");
    expect(names(beta.metadata)).toEqual(["Beta-app"]);
    expect(beta.total_size).toBe(1);
    const none = await expectOk<ApplicationsListResponse>("/api/applications?search=nothing");
    expect(none).toEqual({ metadata: [], total_size: 0 });
  });

  it("sorts by name or creation time, either way", async () => {
    const descending = await expectOk<ApplicationsListResponse>(
      "/api/applications?search=-app&order=desc",
    );
    expect(names(descending.metadata)).toEqual([
      "gamma-app",
      "doomed-app",
      "Beta-app",
      "alpha-app",
    ]);
    const oldest = await expectOk<ApplicationsListResponse>(
      "/api/applications?orderBy=created_at&order=asc&size=100",
    );
    const times = oldest.metadata.map((application) => application.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const newest = await expectOk<ApplicationsListResponse>(
      "/api/applications?orderBy=created_at&order=desc&size=100",
    );
    // Equal times (uploads of one second) keep one order too: descending is ascending reversed.
    expect(newest.metadata.map((application) => application.id)).toEqual(
      oldest.metadata.map((application) => application.id).reverse(),
    );
  });

  it("pages without repeating or skipping an application", async () => {
    const first = await expectOk<ApplicationsListResponse>("/api/applications?search=paged-");
    const second = await expectOk<ApplicationsListResponse>(
      "/api/applications?search=paged-&page=2",
    );
    const third = await expectOk<ApplicationsListResponse>(
      "/api/applications?search=paged-&page=3&size=30",
    );
    expect([first.total_size, second.total_size, third.total_size]).toEqual([32, 32, 32]);
    expect(names(first.metadata)).toEqual(pagedNames.slice(0, 30));
    expect(names(second.metadata)).toEqual(pagedNames.slice(30));
    expect(third.metadata).toEqual([]);
    const fifty = await expectOk<ApplicationsListResponse>("/api/applications?size=50");
    expect(fifty.metadata).toHaveLength(36);
  });

  it("keeps to the subclusters named", async () => {
    const second = await expectOk<ApplicationsListResponse>("/api/applications?subclusters=second");
    expect(second).toEqual({
      metadata: [expect.objectContaining({ name: "gamma-app", clusterId: "second" })],
      total_size: 1,
    });
  });

  it("answers 400 naming each bad parameter", async () => {
    for (const [query, named] of [
      ["page=0", "page must be at least 1"],
      ["page=two", "page must be a whole number"],
      ["size=20", "size must be 30, 50 or 100"],
      ["order=up", "order must be asc or desc"],
      ["orderBy=size", "orderBy must be one of name, created_at"],
      ["search=" + "x".repeat(256), "search must be at most 255 characters"],
      ["page=1&page=2", "page must be a whole number"],
      ["subclusters=default,nope", '"nope"'],
    ] as const) {
      expect(await expectError(`/api/applications?${query}`, 400)).toContain(named);
    }
    const both = await expectError("/api/applications?size=7&order=up", 400);
    expect(both).toContain("size");
    expect(both).toContain("order");
  });

  it("reads one application of a cluster", async () => {
    const id = ids["gamma-app"] ?? "";
    const { metadata } = await expectOk<{ metadata: ClusterApplication }>(
      `/api/applications/${id}?clusterId=second`,
    );
    expect(metadata).toMatchObject({ id, name: "gamma-app", clusterId: "second", status: "ready" });
    const own = await new AmsClient(clusterSocket("second")).get<AmsApplication>(
      `/1.0/applications/${id}`,
    );
    expect(metadata).toEqual({
      ...own.metadata,
      clusterId: "second",
      parent_image_name: "jammy:android15:amd64",
      // Uploaded to the cluster itself, not through the dashboard: no one owns it.
      owner: null,
    });
  });

  it("answers 404 for an application the cluster does not have, or no longer has", async () => {
    const gamma = ids["gamma-app"] ?? "";
    expect(await expectError(`/api/applications/${gamma}?clusterId=default`, 404)).toContain(
      `Cluster "default" has no application "${gamma}"`,
    );
    expect(await expectError("/api/applications/no-such-app?clusterId=default", 404)).toContain(
      "no-such-app",
    );
    const doomed = ids["doomed-app"] ?? "";
    await expectOk(`/api/applications/${doomed}?clusterId=default`);
    await runOnCluster("default", "DELETE", `/1.0/applications/${doomed}`);
    await expectError(`/api/applications/${doomed}?clusterId=default`, 404);
    const left = await expectOk<ApplicationsListResponse>("/api/applications?search=doomed");
    expect(left).toEqual({ metadata: [], total_size: 0 });
  });

  it("answers 400 without a known clusterId", async () => {
    const id = ids["alpha-app"] ?? "";
    expect(await expectError(`/api/applications/${id}`, 400)).toContain("clusterId is required");
    expect(await expectError(`/api/applications/${id}?clusterId=nope`, 400)).toContain(
      'Unknown cluster "nope"',
    );
  });

  it("needs a session", async () => {
    expect((await get("/api/applications", {})).status).toBe(401);
    expect(
      (await get(`/api/applications/${ids["alpha-app"] ?? ""}?clusterId=default`, {})).status,
    ).toBe(401);
  });
});
