import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsApplication } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { fakeApk, manifestYaml, minimalManifest } from "./helpers/application-packages.ts";
import { bytesOf, patternChunks, streamedZip } from "./helpers/streamed-zip.ts";
import { abandonedUpload, streamRequest } from "./helpers/stream-request.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

function temporaryFiles(): string[] {
  return readdirSync(join(cluster.dataDir, "uploads"));
}

async function applicationNamed(name: string): Promise<AmsApplication | undefined> {
  const response = await cluster.request<AmsApplication[]>("GET", "/1.0/applications?recursion=1");
  return response.body.metadata.find((application) => application.name === name);
}

// One APK for every upload and comparison: a zip carries the time it was written, so two calls
// of `fakeApk()` a second apart differ.
const apk = fakeApk();

/** The package the dashboard server streams: manifest, APK and an extra file of `extraBytes`. */
function dashboardPackage(name: string, extraBytes: number) {
  return streamedZip([
    { name: "manifest.yaml", chunks: bytesOf(manifestYaml(minimalManifest(name))) },
    { name: "app.apk", chunks: bytesOf(apk) },
    { name: "extra-data/blob.bin", chunks: () => patternChunks(extraBytes) },
  ]);
}

async function uploadStreamed(name: string, extraBytes: number) {
  const response = await streamRequest(
    cluster.running.socketPath,
    "POST",
    "/1.0/applications",
    dashboardPackage(name, extraBytes),
  );
  expect(response.status, response.text).toBe(202);
  const operation = await cluster.waitOperation(String(response.headers.location), 120);
  expect(operation.status, operation.err).toBe("Success");
  const id = operation.resources.applications?.[0]?.split("/").pop() ?? "";
  return { id, operation };
}

describe("applications streamed as the dashboard sends them", () => {
  it("reads a zip of stored entries with data descriptors, sent chunked, and unpacks it", async () => {
    const extraBytes = 3 * 1024 * 1024 + 17;
    const { id } = await uploadStreamed("streamed-zip", extraBytes);
    const version = join(cluster.dataDir, "applications", id, "0");
    expect(readFileSync(join(version, "manifest.yaml"), "utf8")).toContain("name: streamed-zip");
    expect(Buffer.from(readFileSync(join(version, "app.apk"))).equals(Buffer.from(apk))).toBe(true);
    const blob = readFileSync(join(version, "extra-data", "blob.bin"));
    expect(blob.length).toBe(extraBytes);
    expect(blob.equals(Buffer.concat([...patternChunks(extraBytes)]))).toBe(true);
    expect((await applicationNamed("streamed-zip"))?.status).toBe("ready");
    expect(temporaryFiles()).toEqual([]);
  });

  it("keeps the cluster's memory flat while a 256 MiB package is uploaded and bootstrapped", async () => {
    const extraBytes = 256 * 1024 * 1024;
    // A small upload first: what any upload costs once (the archive worker's code, the allocator's
    // arenas for its thread) is not what this measures.
    await uploadStreamed("warm-up", 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    try {
      const { id } = await uploadStreamed("large-streamed", extraBytes);
      const blob = join(cluster.dataDir, "applications", id, "0", "extra-data", "blob.bin");
      expect(statSync(blob).size).toBe(extraBytes);
    } finally {
      clearInterval(sampler);
    }
    const mebibyte = 1024 * 1024;
    const rssGrowth = (peakRss - before.rss) / mebibyte;
    const heapGrowth = (peakHeap - before.heapUsed) / mebibyte;
    console.log(
      `256 MiB upload: peak RSS growth ${rssGrowth.toFixed(1)} MiB, peak heap growth ${heapGrowth.toFixed(1)} MiB`,
    );
    // The package is 256 MiB: holding it, or a copy, would show here several times over. The RSS
    // bound leaves room for the fresh worker thread each package is read in (its isolate alone
    // took up to 68 MiB on a busy machine); the heap is this thread's own.
    expect(rssGrowth).toBeLessThan(128);
    expect(heapGrowth).toBeLessThan(64);
  }, 120_000);

  it("leaves no temporary file when a package is refused or abandoned", async () => {
    const refused = await streamRequest(
      cluster.running.socketPath,
      "POST",
      "/1.0/applications",
      streamedZip([{ name: "notes.txt", chunks: bytesOf("not a package") }]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('unexpected file "notes.txt"');
    expect(temporaryFiles()).toEqual([]);

    await abandonedUpload(
      cluster.running.socketPath,
      "/1.0/applications",
      Buffer.from("PK\u0003\u0004 half a package"),
      1024 * 1024,
    );
    await expect.poll(temporaryFiles, { timeout: 5000 }).toEqual([]);
  });
});
