// Adding images through the dashboard: import by name from the cluster's image server, and a
// package upload streamed through the server to the cluster's `POST /1.0/images/` (never held
// whole, cut off past UPLOAD_MAX_BYTES, abandoned with the browser). Against the real dashboard
// and an embedded cluster.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type AmsImage,
  type AmsOperation,
  type ImageOperationResponse,
} from "@anbox-dashboard/contract";
import { AmsClient } from "../src/clusters/ams-client.ts";
import type { AuthHarness } from "./support/auth-harness.ts";
import { multipartRequest, type MultipartRequestOptions } from "./support/multipart-request.ts";
import {
  clusterClient,
  messageOf,
  startSignedIn,
  uniqueName,
  waitForOperation,
} from "./support/signed-in-harness.ts";
import { imagePackage, imagePackageBytes } from "./support/image-package.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
const mib = 1024 * 1024;
/** Small enough for a test to pass it, large enough for a multi-MiB package. */
const uploadMaxBytes = 8 * mib;
let harness: AuthHarness;
let cookie: string;
let cluster: AmsClient;

beforeAll(async () => {
  ({ harness, cookie } = await startSignedIn(ada, { UPLOAD_MAX_BYTES: String(uploadMaxBytes) }));
  cluster = clusterClient(harness);
});

afterAll(async () => {
  await harness.stop();
});

async function postJson(path: string, body: unknown, headers: Record<string, string> = { cookie }) {
  const response = await fetch(`${harness.url}${path}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  return { status: response.status, body: answer };
}

async function waitFor(operation: ImageOperationResponse): Promise<AmsOperation> {
  return waitForOperation(cluster, operation.metadata.id);
}

async function imagesNamed(name: string): Promise<AmsImage[]> {
  const { metadata } = await cluster.get<AmsImage[]>("/1.0/images?recursion=1");
  return metadata.filter((image) => image.name === name);
}

type UploadOptions = Omit<MultipartRequestOptions, "filePart"> & { fileField?: string };

/** A multipart upload to `POST /api/images/upload`, streamed as a browser sends a large file. */
function upload(query: string, options: UploadOptions): Promise<{ status: number; body: unknown }> {
  const { fileField = "package", ...rest } = options;
  return multipartRequest(new URL(`/api/images/upload${query}`, harness.url), {
    ...rest,
    filePart: { field: fileField, filename: "image.tar.gz", contentType: "application/gzip" },
    headers: { cookie, ...options.headers },
  });
}

describe("POST /api/images (import by name)", () => {
  it("imports an image the image server has, once", async () => {
    const name = "jammy:aaos14:amd64";
    const [seeded] = await imagesNamed(name);
    if (seeded === undefined) throw new Error(`the cluster has no seeded ${name}`);
    await cluster.delete<AmsOperation>(`/1.0/images/${seeded.id}`, { force: true });
    await expect.poll(async () => (await imagesNamed(name)).length).toBe(0);

    const imported = await postJson("/api/images?clusterId=default", { name, type: "container" });
    expect(imported.status, JSON.stringify(imported.body)).toBe(202);
    const operation = imported.body as ImageOperationResponse;
    expect(operation.metadata.clusterId).toBe("default");
    expect((await waitFor(operation)).status).toBe("Success");
    expect((await imagesNamed(name)).map((image) => image.type)).toEqual(["container"]);

    const again = await postJson("/api/images?clusterId=default", { name, type: "container" });
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toContain("already exists");
  });

  it("answers 404 with the names the image server has for an unknown name", async () => {
    const answer = await postJson("/api/images?clusterId=default", { name: "no-such-image" });
    expect(answer.status).toBe(404);
    expect(messageOf(answer.body)).toContain("jammy:android13:amd64");
  });

  it("refuses a body that is not an import, naming the field", async () => {
    const noName = await postJson("/api/images?clusterId=default", { type: "container" });
    expect(noName.status).toBe(400);
    expect(messageOf(noName.body)).toContain("name");
    const badType = await postJson("/api/images?clusterId=default", { name: "x", type: "box" });
    expect(badType.status).toBe(400);
    expect(messageOf(badType.body)).toContain("type must be container or vm");
    const extra = await postJson("/api/images?clusterId=default", { name: "x", source: {} });
    expect(extra.status).toBe(400);
    expect(messageOf(extra.body)).toContain("source");
    const noCluster = await postJson("/api/images", { name: "x" });
    expect(noCluster.status).toBe(400);
    expect(messageOf(noCluster.body)).toContain("clusterId");
  });

  it("refuses the signed-out (401) and other sites (403)", async () => {
    const signedOut = await postJson("/api/images?clusterId=default", { name: "x" }, {});
    expect(signedOut.status).toBe(401);
    const crossSite = await postJson(
      "/api/images?clusterId=default",
      { name: "x" },
      { cookie, "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
  });
});

describe("POST /api/images/upload (a package, streamed)", () => {
  it("streams a multi-MiB package through to the cluster, which makes the image", async () => {
    const name = uniqueName("uploaded");
    const answer = await upload("?clusterId=default", {
      fields: { name, type: "container", default: "false" },
      file: imagePackage(5 * mib),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const operation = answer.body as ImageOperationResponse;
    expect(operation.metadata.clusterId).toBe("default");
    expect((await waitFor(operation)).status).toBe("Success");
    const [image] = await imagesNamed(name);
    expect(image?.type).toBe("container");
    expect(image?.versions[0]?.size).toBeGreaterThan(5 * mib);
  });

  it("passes the cluster's refusals on: 409 for a name taken, 400 for what is not a package", async () => {
    const taken = await upload("?clusterId=default", {
      fields: { name: "jammy:android13:amd64" },
      file: await imagePackageBytes(1024),
    });
    expect(taken.status).toBe(409);
    expect(messageOf(taken.body)).toContain("already exists");

    const name = uniqueName("not-a-package");
    const notTar = await upload("?clusterId=default", {
      fields: { name },
      file: Buffer.from("just some text, not a tar"),
    });
    expect(notTar.status).toBe(400);
    expect(await imagesNamed(name)).toEqual([]);
  });

  it("refuses with 413 before reading when Content-Length is past the limit", async () => {
    const name = uniqueName("declared-too-large");
    const answer = await upload("?clusterId=default", {
      fields: { name },
      file: Buffer.alloc(16),
      headers: { "content-length": String(uploadMaxBytes * 2) },
    });
    expect(answer.status).toBe(413);
    expect(messageOf(answer.body)).toContain("UPLOAD_MAX_BYTES");
    expect(await imagesNamed(name)).toEqual([]);
  });

  it("cuts off with 413 a streamed package that grows past the limit, leaving no image", async () => {
    const name = uniqueName("too-large");
    const answer = await upload("?clusterId=default", {
      fields: { name },
      file: imagePackage(uploadMaxBytes + 2 * mib),
    });
    expect(answer.status).toBe(413);
    expect(messageOf(answer.body)).toContain("UPLOAD_MAX_BYTES");
    expect(await imagesNamed(name)).toEqual([]);
  });

  it("abandons the cluster's upload when the browser aborts: no image is made", async () => {
    const name = uniqueName("aborted");
    const answer = await upload("?clusterId=default", {
      fields: { name },
      file: imagePackage(6 * mib),
      onSending: (abort) => {
        setTimeout(abort, 50);
      },
    });
    expect(answer.status).toBe(0);
    // The cluster's request is cut too, so it drops its partial file (`<cluster>/uploads/*.part`);
    // a request left open would keep it there, waiting for the rest.
    const partials = join(harness.dataDir, "clusters", "default", "uploads");
    await expect
      .poll(async () => (await readdir(partials).catch(() => [])).length, { timeout: 5000 })
      .toBe(0);
    const operations = await cluster.get<AmsOperation[]>("/1.0/operations?recursion=1");
    expect(JSON.stringify(operations.metadata)).not.toContain(name);
    expect(await imagesNamed(name)).toEqual([]);
  });

  it("refuses a form without clusterId, name or file, naming what is missing", async () => {
    const file = await imagePackageBytes(1024);
    const noCluster = await upload("", { fields: { name: uniqueName("x") }, file });
    expect(noCluster.status).toBe(400);
    expect(messageOf(noCluster.body)).toContain("clusterId");
    const noName = await upload("?clusterId=default", { fields: { type: "vm" }, file });
    expect(noName.status).toBe(400);
    expect(messageOf(noName.body)).toContain("name");
    const noFile = await upload("?clusterId=default", { fields: { name: uniqueName("x") } });
    expect(noFile.status).toBe(400);
    expect(messageOf(noFile.body)).toContain('"package"');
    const badType = await upload("?clusterId=default", {
      fields: { name: uniqueName("x"), type: "box" },
      file,
    });
    expect(badType.status).toBe(400);
    expect(messageOf(badType.body)).toContain("type must be container or vm");
  });

  it("refuses with 400 a body that is not a whole multipart form, leaving no image", async () => {
    const send = async (body: string) => {
      const response = await fetch(`${harness.url}/api/images/upload?clusterId=default`, {
        method: "POST",
        headers: { cookie, "content-type": "multipart/form-data; boundary=x" },
        body,
      });
      return { status: response.status, message: messageOf(await response.json()) };
    };
    const empty = await send(" ");
    expect(empty.status).toBe(400);
    expect(empty.message).toContain("not a well-formed multipart/form-data body");
    // The file part starts, then the body ends without its closing boundary.
    const name = uniqueName("cut");
    const cut = await send(
      `--x\r\ncontent-disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
        `--x\r\ncontent-disposition: form-data; name="package"; filename="image.tar.gz"\r\n\r\n` +
        "some bytes of a package",
    );
    expect(cut.status).toBe(400);
    expect(cut.message).toContain("not a well-formed multipart/form-data body");
    expect(await imagesNamed(name)).toEqual([]);
  });

  it("refuses the signed-out (401) and other sites (403)", async () => {
    const file = await imagePackageBytes(1024);
    const signedOut = await upload("?clusterId=default", {
      fields: { name: uniqueName("x") },
      file,
      headers: { cookie: "" },
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await upload("?clusterId=default", {
      fields: { name: uniqueName("x") },
      file,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
  });
});
