// The /api/images calls against the real dashboard and two embedded clusters: the list (paged,
// filtered and sorted in the server), one image, what uses it, and the writes with the clusters'
// refusals in their words. Applications are uploaded through a cluster's own AMS API, as an
// operator's client would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import {
  type AmsOperation,
  type ClusterImage,
  type ImageOperationResponse,
  type ImageResponse,
  type ImagesListResponse,
  type ImageUsedByResponse,
} from "@anbox-dashboard/contract";
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

async function call(method: string, path: string, body?: unknown, withCookie = true) {
  const headers: Record<string, string> = withCookie ? { cookie } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  return { status: response.status, body: answer };
}

async function expectOk<T>(path: string): Promise<T> {
  const { status, body } = await call("GET", path);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

async function expectError(
  method: string,
  path: string,
  status: number,
  body?: unknown,
): Promise<string> {
  const answer = await call(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return messageOf(answer.body);
}

/** Sends a write through the dashboard and waits (on the cluster's side) for its operation. */
async function operate(method: string, path: string, body?: unknown): Promise<AmsOperation> {
  const answer = await call(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  const { metadata } = answer.body as ImageOperationResponse;
  return waitForSuccess(clusterClient(harness, metadata.clusterId), metadata.id);
}

async function listAll(query = ""): Promise<ImagesListResponse> {
  return expectOk<ImagesListResponse>(`/api/images?size=100${query}`);
}

async function findImage(clusterId: ClusterId, name: string, type = "container") {
  const { metadata } = await listAll(`&subclusters=${clusterId}&type=${type}`);
  const image = metadata.find((candidate) => candidate.name === name);
  if (image === undefined) throw new Error(`no image ${name} (${type}) on ${clusterId}`);
  return image;
}

/** Uploads an application built on `image` through the cluster's own API; resolves its id. */
function uploadApplication(clusterId: ClusterId, name: string, image: string): Promise<string> {
  const manifest = `name: ${name}\nimage: ${image}\nresources:\n  cpus: 2\n  memory: 3GB\n  disk-size: 3GB\n`;
  const raw = storedZip({ "manifest.yaml": manifest });
  const socketPath = join(harness.dataDir, "clusters", clusterId, "ams.socket");
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath,
        method: "POST",
        path: "/1.0/applications",
        headers: {
          "content-type": "application/octet-stream",
          "content-length": String(raw.length),
        },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const { metadata } = JSON.parse(text) as { metadata: AmsOperation };
          clusterClient(harness, clusterId)
            .get<AmsOperation>(`/1.0/operations/${metadata.id}/wait?timeout=30`)
            .then(({ metadata: done }) => {
              const url = done.resources.applications?.[0] ?? "";
              resolve(url.split("/").pop() ?? url);
            }, reject);
        });
      },
    );
    req.on("error", reject);
    req.end(raw);
  });
}

const names = (images: readonly ClusterImage[]) => images.map((image) => image.name);

describe("GET /api/images", () => {
  it("pages the images of every cluster, by name, each with its clusterId", async () => {
    const all = await listAll();
    expect(all.total_size).toBe(all.metadata.length);
    for (const clusterId of clusterIds) {
      const own = await clusterClient(harness, clusterId).get<unknown[]>("/1.0/images");
      expect(all.metadata.filter((image) => image.clusterId === clusterId)).toHaveLength(
        own.metadata.length,
      );
    }
    expect(names(all.metadata)).toEqual(names(all.metadata).toSorted((a, b) => a.localeCompare(b)));

    const first = await expectOk<ImagesListResponse>("/api/images?size=30&page=1");
    expect(first.total_size).toBe(all.total_size);
    const beyond = await expectOk<ImagesListResponse>("/api/images?page=9");
    expect(beyond).toEqual({ metadata: [], total_size: all.total_size });
  });

  it("sorts by size, newest version's, largest first when asked", async () => {
    const { metadata } = await listAll("&orderBy=size&order=desc");
    const sizes = metadata.map((image) => image.versions.at(-1)?.size ?? 0);
    expect(sizes).toEqual(sizes.toSorted((a, b) => b - a));
    expect(sizes[0]).toBeGreaterThan(sizes.at(-1) ?? 0);
  });

  it("filters by a part of the name whatever its case, by type and by status", async () => {
    const aaos = await listAll("&search=AAOS");
    expect(aaos.metadata.length).toBeGreaterThan(0);
    expect(aaos.metadata.every((image) => image.name.includes("aaos"))).toBe(true);
    expect(aaos.total_size).toBe(aaos.metadata.length);

    const vms = await listAll("&type=vm");
    expect(vms.metadata.length).toBeGreaterThan(0);
    expect(vms.metadata.every((image) => image.type === "vm")).toBe(true);

    const active = await listAll("&status=active,error");
    expect(active.metadata.every((image) => image.status === "active")).toBe(true);
    expect((await listAll("&status=error")).total_size).toBe(0);
  });

  it("answers 400 naming the parameter that is wrong", async () => {
    expect(await expectError("GET", "/api/images?orderBy=colour", 400)).toContain("orderBy");
    expect(await expectError("GET", "/api/images?status=shiny", 400)).toContain("status");
    expect(await expectError("GET", "/api/images?type=lxc", 400)).toContain("type");
    expect(await expectError("GET", "/api/images?size=7", 400)).toContain("size");
    expect(await expectError("GET", "/api/images?page=0", 400)).toContain("page");
    expect(await expectError("GET", "/api/images?subclusters=nope", 400)).toContain('"nope"');
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/images", undefined, false)).status).toBe(401);
  });
});

describe("GET /api/images/{id}", () => {
  it("answers one image with its clusterId, and its versions oldest first", async () => {
    const listed = await findImage("second", "jammy:android13:amd64");
    const { metadata } = await expectOk<ImageResponse>(`/api/images/${listed.id}?clusterId=second`);
    // As listed, and with who made it (no one: the cluster imported it itself).
    expect(metadata).toEqual({ ...listed, owner: null });
    // The image server published three versions of it: a new cluster holds them all.
    expect(metadata.versions.map((version) => version.version)).toEqual([0, 1, 2]);
  });

  it("answers 404 for an unknown image and 400 without a known cluster", async () => {
    expect(await expectError("GET", "/api/images/nothing-like-it?clusterId=default", 404)).toMatch(
      /not found/i,
    );
    expect(await expectError("GET", "/api/images/x", 400)).toContain("clusterId");
    expect(await expectError("GET", "/api/images/x?clusterId=nope", 400)).toContain('"nope"');
  });
});

describe("PATCH /api/images/{id}", () => {
  it("makes an image the default of its type on its own cluster only", async () => {
    const image = await findImage("second", "jammy:android14:amd64");
    expect(image.default).toBe(false);
    await operate("PATCH", `/api/images/${image.id}?clusterId=second`, { default: true });

    const defaults = (clusterId: ClusterId) =>
      listAll(`&subclusters=${clusterId}&type=container`).then(({ metadata }) =>
        names(metadata.filter((candidate) => candidate.default)),
      );
    expect(await defaults("second")).toEqual(["jammy:android14:amd64"]);
    expect(await defaults("default")).toEqual(["jammy:android15:amd64"]);
  });

  it("syncs an image", async () => {
    const image = await findImage("default", "jammy:aaos15:amd64");
    await operate("PATCH", `/api/images/${image.id}?clusterId=default`, { force_sync: true });
  });

  it("refuses a body that changes nothing or what it cannot, naming it", async () => {
    const image = await findImage("default", "jammy:aaos15:amd64");
    const path = `/api/images/${image.id}?clusterId=default`;
    expect(await expectError("PATCH", path, 400, {})).toContain("default or force_sync");
    expect(await expectError("PATCH", path, 400, { default: false })).toContain("default");
    expect(await expectError("PATCH", path, 400, { name: "renamed" })).toContain("name");
  });

  it("passes on the cluster's 404 for an image it does not hold", async () => {
    expect(
      await expectError("PATCH", "/api/images/gone?clusterId=default", 404, { default: true }),
    ).toContain("gone");
  });
});

describe("DELETE /api/images/{id}", () => {
  it("refuses the default image with the cluster's reason", async () => {
    const image = await findImage("default", "jammy:android15:amd64");
    expect(await expectError("DELETE", `/api/images/${image.id}?clusterId=default`, 400)).toContain(
      "default container image",
    );
  });

  it("refuses an image applications use, naming them, and says who uses it", async () => {
    const image = await findImage("default", "jammy:aaos14:amd64");
    const appId = await uploadApplication("default", "uses-aaos14", "jammy:aaos14:amd64");
    const message = await expectError("DELETE", `/api/images/${image.id}?clusterId=default`, 400);
    expect(message).toContain("uses-aaos14");

    const { metadata } = await expectOk<ImageUsedByResponse>(
      `/api/images/${image.id}/used-by?clusterId=default`,
    );
    expect(metadata.applications).toEqual([
      expect.objectContaining({ id: appId, name: "uses-aaos14" }),
    ]);
  });

  it("deletes an image nothing uses", async () => {
    const image = await findImage("second", "jammy:aaos14:amd64");
    await operate("DELETE", `/api/images/${image.id}?clusterId=second`);
    expect(await expectError("GET", `/api/images/${image.id}?clusterId=second`, 404)).toMatch(
      /not found/i,
    );
  });
});

describe("DELETE /api/images/{id}/versions/{version}", () => {
  it("deletes an old version and refuses the only one with the cluster's reason", async () => {
    const image = await findImage("default", "jammy:android13:amd64");
    await operate("DELETE", `/api/images/${image.id}/versions/0?clusterId=default`);
    await operate("DELETE", `/api/images/${image.id}/versions/1?clusterId=default`);
    const { metadata } = await expectOk<ImageResponse>(`/api/images/${image.id}?clusterId=default`);
    expect(metadata.versions.map((version) => version.version)).toEqual([2]);
    expect(
      await expectError("DELETE", `/api/images/${image.id}/versions/2?clusterId=default`, 400),
    ).toContain("only version");
    expect(
      await expectError("DELETE", `/api/images/${image.id}/versions/7?clusterId=default`, 404),
    ).toContain("no version 7");
  });

  it("answers 400 naming a version that is not a number", async () => {
    const image = await findImage("default", "jammy:android13:amd64");
    expect(
      await expectError("DELETE", `/api/images/${image.id}/versions/latest?clusterId=default`, 400),
    ).toContain("version must be a whole number");
  });
});

describe("GET /api/images/{id}/used-by", () => {
  it("lists the instances made from the image, with the version each runs", async () => {
    const image = await findImage("second", "jammy:android13:amd64");
    const name = `from-android13-${randomUUID().slice(0, 8)}`;
    const created = await call("POST", "/api/instances?clusterId=second", {
      name,
      image_id: image.id,
      no_start: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const { metadata: operation } = created.body as ImageOperationResponse;
    await clusterClient(harness, "second").get(`/1.0/operations/${operation.id}/wait?timeout=30`);

    const { metadata } = await expectOk<ImageUsedByResponse>(
      `/api/images/${image.id}/used-by?clusterId=second`,
    );
    expect(metadata.applications).toEqual([]);
    expect(metadata.instances_total).toBe(1);
    expect(metadata.instances[0]).toMatchObject({ name, image_version: 2 });
  });

  it("answers 404 for an unknown image", async () => {
    expect(await expectError("GET", "/api/images/none/used-by?clusterId=second", 404)).toMatch(
      /not found/i,
    );
  });
});
