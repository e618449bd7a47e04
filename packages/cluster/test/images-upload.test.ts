import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsImageSchema, type AmsImage, type AmsOperation } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { json } from "./helpers/instance-helpers.ts";
import { compress, imagePackage, tarArchive } from "./helpers/image-packages.ts";
import { hostileArchives } from "./helpers/hostile-archives.ts";
import { imagePackageLimits } from "../src/images/image-package-limits.ts";
import { abandonedUpload, generatedBody, streamRequest } from "./helpers/stream-request.ts";

const uploadLimit = 256 * 1024;
let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster({ maxImageUploadBytes: uploadLimit });
});

afterAll(async () => {
  await cluster.destroy();
});

function amsRequest(body: unknown): Record<string, string> {
  return { "x-ams-request": JSON.stringify(body) };
}

function upload(data: Buffer, request: unknown, headers: Record<string, string> = {}) {
  return cluster.request<AmsOperation>("POST", "/1.0/images/", {
    raw: data,
    headers: { ...amsRequest(request), ...headers },
  });
}

async function uploadAndWait(data: Buffer, request: unknown): Promise<AmsImage> {
  const response = await upload(data, request);
  expect(response.status, response.text).toBe(202);
  expect(response.headers.location).toBe(response.body.operation);
  const operation = await cluster.waitOperation(String(response.headers.location));
  expect(operation.status).toBe("Success");
  const url = operation.resources.images?.[0] ?? "";
  return getImage(url.split("/").pop() ?? "");
}

async function getImage(id: string): Promise<AmsImage> {
  const response = await cluster.request<AmsImage>("GET", `/1.0/images/${id}`);
  expect(response.status, response.text).toBe(200);
  return amsImageSchema.parse(response.body.metadata);
}

async function imageNamed(name: string, type = "container"): Promise<AmsImage | undefined> {
  const response = await cluster.request<AmsImage[]>("GET", `/1.0/images?recursion=1&type=${type}`);
  return response.body.metadata.find((image) => image.name === name);
}

function temporaryFiles(): string[] {
  return readdirSync(join(cluster.dataDir, "uploads"));
}

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The upload is refused with a 400 saying `message`, and leaves no image and no file. */
async function expectRefused(data: Buffer, message: string): Promise<void> {
  const response = await upload(data, { name: "refused-package" });
  expect(response.status, response.text).toBe(400);
  expect(response.body.error).toContain(message);
  expect(await imageNamed("refused-package")).toBeUndefined();
  expect(temporaryFiles()).toEqual([]);
}

describe("POST /1.0/images/ (image package upload)", () => {
  it.each(["gzip", "bzip2", "none"] as const)(
    "creates an active image from a %s tar package, keeping the package",
    async (compression) => {
      const data = await imagePackage(compression);
      const name = `uploaded-${compression}`;
      const image = await uploadAndWait(data, { name, default: false });
      expect(image).toMatchObject({
        name,
        type: "container",
        status: "active",
        default: false,
        architecture: "x86_64",
      });
      expect(image.versions).toHaveLength(1);
      expect(image.versions[0]).toMatchObject({
        version: 0,
        fingerprint: sha256(data),
        size: data.length,
        status: "active",
      });
      const kept = join(cluster.dataDir, "images", image.id, "0.pkg");
      expect(readFileSync(kept).equals(data)).toBe(true);
      expect(temporaryFiles()).toEqual([]);
    },
  );

  it("normalises arm64 to aarch64 and makes the image the default when asked", async () => {
    const data = await imagePackage("gzip", "architecture: arm64\nvariant: aaos\n");
    const image = await uploadAndWait(data, { name: "arm-default", default: true });
    expect(image).toMatchObject({ architecture: "aarch64", variant: "aaos", default: true });
    const previous = (
      await cluster.request<AmsImage[]>("GET", "/1.0/images?recursion=1&type=container")
    ).body.metadata.filter((other) => other.default);
    expect(previous.map((other) => other.name)).toEqual(["arm-default"]);
  });

  it("takes a vm type, the same name as a container image being allowed", async () => {
    const data = await imagePackage("gzip");
    const image = await uploadAndWait(data, { name: "uploaded-gzip", type: "vm" });
    expect(image.type).toBe("vm");
    expect(image.default).toBe(false);
  });

  it("accepts a package whose fingerprint header matches, and refuses one that does not", async () => {
    const data = await imagePackage("gzip", "architecture: x86_64\n");
    const wrong = "0".repeat(64);
    const refused = await upload(data, { name: "fingerprinted" }, { "x-ams-fingerprint": wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(sha256(data));
    expect(refused.body.error).toContain(wrong);
    expect(await imageNamed("fingerprinted")).toBeUndefined();
    expect(temporaryFiles()).toEqual([]);
    const accepted = await upload(
      data,
      { name: "fingerprinted" },
      { "x-ams-fingerprint": sha256(data) },
    );
    expect(accepted.status, accepted.text).toBe(202);
    await cluster.waitOperation(String(accepted.headers.location));
  });

  it.each([
    ["without metadata.yaml", "no-metadata", "no metadata.yaml at its top level"],
    ["with metadata.yaml in a folder only", "nested-metadata", "no metadata.yaml at its top level"],
    ["with an unknown architecture", "bad-arch", 'not "sparc"'],
    ["without an architecture", "no-arch", "(it is missing)"],
    [
      "with a metadata.yaml over 64 KiB",
      "large-metadata",
      "metadata.yaml is larger than 65536 bytes",
    ],
  ] as const)("refuses a package %s with 400", async (_label, kind, message) => {
    let data: Buffer;
    if (kind === "no-metadata") data = compress(await tarArchive({ "rootfs/a": "a" }), "gzip");
    else if (kind === "nested-metadata")
      data = compress(
        await tarArchive({ "image/metadata.yaml": "architecture: amd64\n" }),
        "bzip2",
      );
    else if (kind === "bad-arch") data = await imagePackage("gzip", "architecture: sparc\n");
    else if (kind === "large-metadata")
      data = await imagePackage("gzip", `architecture: amd64\n#${"x".repeat(70_000)}\n`);
    else data = await imagePackage("none", "name: x\n");
    await expectRefused(data, message);
  });

  // The archive reader is the application packages' (src/archive/): the same refusals.
  it.each(hostileArchives)("refuses $label with 400", async ({ build, message }) => {
    await expectRefused(await build({ "metadata.yaml": "architecture: amd64\n" }), message);
  });

  it("refuses a package of more entries than the image packages' budget", async () => {
    const saved = imagePackageLimits.maxEntries;
    imagePackageLimits.maxEntries = 3;
    try {
      const files = { "metadata.yaml": "architecture: amd64\n", a: "a", b: "b", c: "c" };
      await expectRefused(compress(await tarArchive(files), "gzip"), "more than 3 entries");
    } finally {
      imagePackageLimits.maxEntries = saved;
    }
  });

  it("takes a package whose root filesystem holds links: it is checked, never unpacked", async () => {
    const tar = await tarArchive({ "metadata.yaml": "architecture: amd64\n" }, [
      { name: "rootfs/system/bin/sh", type: "symlink", linkname: "/system/bin/toybox" },
    ]);
    const image = await uploadAndWait(compress(tar, "gzip"), { name: "with-links" });
    expect(image.status).toBe("active");
  });

  it("refuses a bad X-AMS-Request before reading the package", async () => {
    const data = await imagePackage("gzip");
    const notJson = await upload(data, undefined, { "x-ams-request": "{name:" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toContain("X-AMS-Request is not valid JSON");
    const missing = await cluster.request("POST", "/1.0/images/", { raw: data });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain("name");
    const badName = await upload(data, { name: "bad name/with slash" });
    expect(badName.status).toBe(400);
    expect(badName.body.error).toContain("Invalid X-AMS-Request: name: must start with a letter");
    const badType = await upload(data, { name: "typed", type: "lxc" });
    expect(badType.status).toBe(400);
    expect(badType.body.error).toContain('type: must be "container" or "vm"');
  });

  it("refuses a name already taken for that type with 409", async () => {
    const data = await imagePackage("gzip");
    const response = await upload(data, { name: "jammy:android14:amd64" });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      "An image jammy:android14:amd64 of type container already exists",
    );
  });

  it("refuses by Content-Length with 413 before reading, leaving no file", async () => {
    // A body that never ends: only an answer given before reading it can arrive.
    const body = new Readable({ read: () => undefined });
    body.push(Buffer.alloc(1024));
    const response = await streamRequest(cluster.running.socketPath, "POST", "/1.0/images/", body, {
      ...amsRequest({ name: "too-large" }),
      "content-length": String(uploadLimit + 1),
    });
    body.destroy();
    expect(response.status).toBe(413);
    expect(response.body.error).toBe(
      `The image package is larger than the upload limit of ${uploadLimit} bytes`,
    );
    expect(temporaryFiles()).toEqual([]);
  });

  it("refuses a chunked body with 413 as soon as it passes the limit, leaving no file", async () => {
    const head = await imagePackage("none");
    const response = await streamRequest(
      cluster.running.socketPath,
      "POST",
      "/1.0/images/",
      generatedBody(4 * uploadLimit, head),
      amsRequest({ name: "too-large-chunked" }),
    );
    expect(response.status).toBe(413);
    expect(temporaryFiles()).toEqual([]);
    expect(await imageNamed("too-large-chunked")).toBeUndefined();
  });

  it("leaves no file and no image when the client abandons the upload", async () => {
    const data = await imagePackage("none");
    await abandonedUpload(
      cluster.running.socketPath,
      "/1.0/images/",
      data.subarray(0, 1024),
      data.length,
      amsRequest({ name: "abandoned" }),
    );
    await expect.poll(temporaryFiles, { timeout: 5000 }).toEqual([]);
    expect(await imageNamed("abandoned")).toBeUndefined();
  });
});

describe("PATCH /1.0/images/{id} with a package, and deletes", () => {
  it("adds a version, and deleting versions and the image removes their packages", async () => {
    const image = await uploadAndWait(await imagePackage("gzip"), { name: "versioned" });
    const second = await imagePackage("bzip2");
    const patched = await cluster.request<AmsOperation>("PATCH", `/1.0/images/${image.id}`, {
      raw: second,
    });
    expect(patched.status, patched.text).toBe(202);
    await cluster.waitOperation(String(patched.headers.location));
    const updated = await getImage(image.id);
    expect(updated.versions.map((version) => [version.version, version.status])).toEqual([
      [0, "active"],
      [1, "active"],
    ]);
    expect(updated.versions[1]?.fingerprint).toBe(sha256(second));
    const directory = join(cluster.dataDir, "images", image.id);
    expect(readdirSync(directory).sort()).toEqual(["0.pkg", "1.pkg"]);

    const armPackage = await imagePackage("gzip", "architecture: aarch64\n");
    const wrongArch = await cluster.request("PATCH", `/1.0/images/${image.id}`, {
      raw: armPackage,
    });
    expect(wrongArch.status).toBe(400);
    expect(wrongArch.text).toContain("its architecture is aarch64");

    // Past a 32-bit integer: PostgreSQL failed the query (a 500) where SQLite answered 404.
    const huge = await cluster.request("DELETE", `/1.0/images/${image.id}/2147483648`, json({}));
    expect(huge.status, huge.text).toBe(400);
    expect(huge.body.error).toContain("version: must be at most 2147483647");

    const versionDelete = await cluster.request("DELETE", `/1.0/images/${image.id}/0`, json({}));
    expect(versionDelete.status, versionDelete.text).toBe(202);
    await cluster.waitOperation(String(versionDelete.headers.location));
    expect(readdirSync(directory)).toEqual(["1.pkg"]);

    const imageDelete = await cluster.request("DELETE", `/1.0/images/${image.id}`, json({}));
    expect(imageDelete.status, imageDelete.text).toBe(202);
    const operation = await cluster.waitOperation(String(imageDelete.headers.location));
    expect(operation.status).toBe("Success");
    expect(existsSync(directory)).toBe(false);
  });
});
