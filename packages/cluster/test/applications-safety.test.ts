import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  manifestYaml,
  minimalManifest,
  tarBz2Package,
  uploadApplication,
  zipPackage,
} from "./helpers/application-packages.ts";
import { packageLimits } from "../src/applications/package-limits.ts";
import { hostileArchives } from "./helpers/hostile-archives.ts";

let cluster: TestCluster;
const manifest = manifestYaml(minimalManifest("unsafe"));

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

/** A refused upload leaves nothing: no application row, no files. */
async function expectNothingCreated(): Promise<void> {
  const list = await cluster.request<string[]>("GET", "/1.0/applications");
  expect(list.body.metadata).toEqual([]);
  const directory = join(cluster.dataDir, "applications");
  expect(existsSync(directory) ? readdirSync(directory) : []).toEqual([]);
}

async function expectRefused(upload: Buffer, status: number, message: string): Promise<void> {
  const response = await uploadApplication(cluster, upload);
  expect(response.status).toBe(status);
  expect(response.body.type).toBe("error");
  expect(response.body.error).toContain(message);
  await expectNothingCreated();
}

describe("refusing unsafe or broken packages", () => {
  it("refuses an empty upload", async () => {
    await expectRefused(Buffer.alloc(0), 400, "empty");
  });

  it("refuses a JSON body where a package is expected", async () => {
    const response = await cluster.request("POST", "/1.0/applications", { body: { name: "x" } });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain("raw body");
  });

  it.each(hostileArchives)("refuses $label", async ({ build, message }) => {
    await expectRefused(await build({ "manifest.yaml": manifest }), 400, message);
  });

  it("refuses tarball entries that are links: a package is unpacked to disk", async () => {
    await expectRefused(
      await tarBz2Package({ "manifest.yaml": manifest }, [
        { name: "extra-data/passwd", type: "symlink", linkname: "/etc/passwd" },
      ]),
      400,
      "is a symlink",
    );
  });

  it("refuses an archive with too many entries", async () => {
    const files: Record<string, string> = { "manifest.yaml": manifest };
    for (let index = 0; index <= packageLimits.maxEntries; index++)
      files[`extra-data/f${index}`] = "";
    await expectRefused(zipPackage(files), 400, `more than ${packageLimits.maxEntries} entries`);
  });

  it("refuses a package without manifest.yaml, or with unexpected files", async () => {
    await expectRefused(zipPackage({ "app.apk": "x" }), 400, "no manifest.yaml");
    await expectRefused(
      zipPackage({ "manifest.yaml": manifest, "notes.txt": "x" }),
      400,
      'unexpected file "notes.txt"',
    );
  });

  it("checks X-AMS-Fingerprint and X-AMS-Request", async () => {
    const upload = zipPackage({ "manifest.yaml": manifest });
    const wrong = await cluster.request("POST", "/1.0/applications", {
      raw: upload,
      headers: { "x-ams-fingerprint": "0".repeat(64) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain("X-AMS-Fingerprint");
    const badMetadata = await cluster.request("POST", "/1.0/applications", {
      raw: upload,
      headers: { "x-ams-request": "{not json" },
    });
    expect(badMetadata.status).toBe(400);
    await expectNothingCreated();
    const right = await cluster.request("POST", "/1.0/applications", {
      raw: upload,
      headers: {
        "x-ams-fingerprint": createHash("sha256").update(upload).digest("hex"),
        "x-ams-request": "{}",
      },
    });
    expect(right.status).toBe(202);
  });
});

describe("the upload size limit", () => {
  it("answers 413 past the limit", async () => {
    const saved = packageLimits.maxUploadBytes;
    packageLimits.maxUploadBytes = 64 * 1024;
    const small = await startTestCluster();
    packageLimits.maxUploadBytes = saved;
    try {
      const big = zipPackage({
        "manifest.yaml": manifest,
        "extra-data/random": new Uint8Array(100 * 1024).map(() => Math.floor(Math.random() * 256)),
      });
      const response = await uploadApplication(small, big);
      expect(response.status).toBe(413);
      expect(response.body.error).toContain("upload limit");
      const list = await small.request<string[]>("GET", "/1.0/applications");
      expect(list.body.metadata).toEqual([]);
    } finally {
      await small.destroy();
    }
  });
});
