// The embedded cluster's memory while it receives large uploads: a 1 GiB application package (a zip
// of stored entries with data descriptors, as the dashboard server streams it) and a 1 GiB image
// package (a plain tar whose metadata.yaml comes last, so the whole of it is read), each sent
// chunked over the AMS socket. The cluster runs as its own process; its RSS is sampled from /proc
// every 20 ms. Judged by the peak RSS growth over the idle, warmed-up process: under 64 MiB.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import {
  bytesOf,
  patternChunks,
  streamedTar,
  streamedZip,
  type StreamedFile,
} from "./support/package-streams.ts";
import { atMost, recordResults } from "./support/results.ts";

const gibibyte = 1024 * 1024 * 1024;
const mebibyte = 1024 * 1024;
// Just under 1 GiB: the application upload limit is 1 GiB, the zip around the file included.
const uploadBytes = Number(process.env.UPLOAD_BENCH_BYTES ?? gibibyte - mebibyte);

function send(
  socketPath: string,
  method: string,
  path: string,
  body: Readable | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method,
        path,
        headers: body ? { "content-type": "application/octet-stream", ...headers } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(text) as Record<string, unknown>,
          });
        });
      },
    );
    req.on("error", reject);
    if (body) pipeline(body, req).catch(reject);
    else req.end();
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return Number(match?.[1] ?? 0) * 1024;
}

async function waitForSocket(socketPath: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await send(socketPath, "GET", "/1.0", undefined)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the cluster process did not start");
    await sleep(50);
  }
}

/** Uploads, waits for the operation, and answers the peak RSS over `baseline` and the rate. */
async function measure(
  label: string,
  bytes: number,
  pid: number,
  socketPath: string,
  upload: () => Promise<{ status: number; json: Record<string, unknown> }>,
): Promise<number> {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  const response = await upload();
  const received = performance.now();
  if (response.status !== 202)
    throw new Error(`${label}: ${response.status} ${JSON.stringify(response.json)}`);
  const operation = String(response.json.operation);
  const waited = await send(socketPath, "GET", `${operation}/wait?timeout=600`, undefined);
  const finished = performance.now();
  clearInterval(sampler);
  const metadata = waited.json.metadata as { status?: string; err?: string };
  if (metadata.status !== "Success") throw new Error(`${label}: ${metadata.err ?? "failed"}`);
  const seconds = (received - started) / 1000;
  console.log(
    `${label}: ${(bytes / mebibyte).toFixed(0)} MiB received in ${seconds.toFixed(1)} s (${(bytes / mebibyte / seconds).toFixed(0)} MiB/s), processed in ${((finished - received) / 1000).toFixed(1)} s more; cluster RSS ${(baseline / mebibyte).toFixed(0)} MiB idle, peak growth ${((peak - baseline) / mebibyte).toFixed(1)} MiB (target: under 64 MiB)`,
  );
  return (peak - baseline) / mebibyte;
}

function applicationPackage(name: string, bytes: number): Readable {
  const files: StreamedFile[] = [
    {
      name: "manifest.yaml",
      chunks: bytesOf(`name: ${name}\nimage: jammy:android15:amd64\n`),
    },
    { name: "extra-data/blob.bin", chunks: () => patternChunks(bytes) },
  ];
  return streamedZip(files);
}

function imagePackage(bytes: number): Readable {
  return streamedTar([
    { name: "rootfs.img", chunks: () => patternChunks(bytes) },
    { name: "metadata.yaml", chunks: bytesOf("architecture: amd64\n") },
  ]);
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-upload-"));
const socketPath = join(dataDir, "ams.socket");
const clusterProcess = spawn(
  process.execPath,
  [
    // As the server starts its clusters (embedded-cluster.ts).
    "--expose-gc",
    fileURLToPath(import.meta.resolve("@anbox-dashboard/cluster/main")),
    "--data-dir",
    dataDir,
    "--name",
    "bench",
  ],
  { env: { ...process.env, CLUSTER_BOOT_STEP_DELAY_MS: "0" }, stdio: "ignore" },
);
try {
  const pid = clusterProcess.pid;
  if (pid === undefined) throw new Error("the cluster process did not start");
  await waitForSocket(socketPath);
  // A small upload of each kind first: what the first upload costs once is not what is measured.
  await measure("warm-up application", mebibyte, pid, socketPath, () =>
    send(socketPath, "POST", "/1.0/applications", applicationPackage("warm-up", mebibyte)),
  );
  await measure("warm-up image", mebibyte, pid, socketPath, () =>
    send(socketPath, "POST", "/1.0/images/", imagePackage(mebibyte), {
      "x-ams-request": JSON.stringify({ name: "warm-up" }),
    }),
  );
  await sleep(500);
  const application = await measure("application package", uploadBytes, pid, socketPath, () =>
    send(socketPath, "POST", "/1.0/applications", applicationPackage("large", uploadBytes)),
  );
  const image = await measure("image package", uploadBytes, pid, socketPath, () =>
    send(socketPath, "POST", "/1.0/images/", imagePackage(uploadBytes), {
      "x-ams-request": JSON.stringify({ name: "large-image" }),
    }),
  );
  recordResults("upload-memory", [
    atMost("cluster RSS peak growth, 1 GiB application", application, 64, "MiB"),
    atMost("cluster RSS peak growth, 1 GiB image", image, 64, "MiB"),
  ]);
} finally {
  clusterProcess.kill("SIGTERM");
  await new Promise((resolve) => clusterProcess.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
