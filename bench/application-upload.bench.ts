// An application upload through the dashboard against the same package sent straight to the
// cluster: a 1 GiB APK (a zip of AndroidManifest.xml and a 1 GiB asset, made as it is sent) posted
// signed in as multipart to `POST /api/applications`, which zips it with its manifest on the fly
// and streams it to the cluster's socket; then the package the server would have made (manifest.yaml
// + app.apk) posted chunked to the cluster's `POST /1.0/applications` directly. Prints MB/s of each
// (bytes sent until the 202, which comes once the cluster has received and checked the whole
// package), their ratio, and the dashboard server's peak RSS growth over its idle, warmed-up self
// (VmRSS from /proc every 20 ms). Judged by the ratio (near 1: the relay costs little) and the
// growth (target: under 64 MiB).
import { readFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "playwright-core";
import { browserFlags, signUp, startDashboard } from "./support/dashboard.ts";
import { bytesOf, patternChunks, zipChunks } from "./support/package-streams.ts";
import { atMost, recordResults, reported } from "./support/results.ts";

const mebibyte = 1024 * 1024;
const gibibyte = 1024 * mebibyte;
const assetBytes = Number(process.env.UPLOAD_BENCH_BYTES ?? gibibyte);
const port = Number(process.env.BENCH_PORT ?? 18095);

function apkChunks(): Iterable<Uint8Array> {
  return zipChunks([
    { name: "AndroidManifest.xml", chunks: bytesOf("<manifest/>") },
    { name: "assets/blob.bin", chunks: () => patternChunks(assetBytes) },
  ]);
}

/** Passes the chunks on, counting them. */
function* counting(chunks: Iterable<Uint8Array>, count: { bytes: number }): Generator<Uint8Array> {
  for (const chunk of chunks) {
    count.bytes += chunk.length;
    yield chunk;
  }
}

const manifestOf = (name: string) => `name: ${name}\nimage: jammy:android15:amd64\n`;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function answerOf(
  res: IncomingMessage,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("error", reject);
    res.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> });
    });
  });
}

/** The browser's form: the fields, then the APK, chunked. */
function multipart(name: string, apk: Iterable<Uint8Array>, boundary: string): Readable {
  function* parts(): Generator<Uint8Array> {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="manifest"\r\n\r\n${manifestOf(name)}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="instanceType"\r\n\r\ncontainer\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="apk"; filename="app.apk"\r\n` +
        `content-type: application/vnd.android.package-archive\r\n\r\n`,
    );
    yield* apk;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return Readable.from(parts(), { objectMode: false });
}

async function post(
  target: { url: string } | { socketPath: string; path: string },
  body: Readable,
  headers: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const options = { method: "POST", headers };
  const req =
    "url" in target
      ? request(target.url, options)
      : request({ ...options, socketPath: target.socketPath, path: target.path });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.on("response", resolve);
    req.on("error", reject);
  });
  await pipeline(body, req);
  return answerOf(await answered);
}

async function waitForOperation(socketPath: string, operationId: string): Promise<void> {
  const req = request({
    socketPath,
    path: `/1.0/operations/${operationId}/wait?timeout=600`,
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    req.on("response", resolve);
    req.on("error", reject);
  });
  req.end();
  const { json } = await answerOf(await answered);
  const metadata = json.metadata as { status?: string; err?: string };
  if (metadata.status !== "Success") throw new Error(`operation failed: ${metadata.err ?? "?"}`);
}

const dashboard = await startDashboard("application-upload", port, {
  CLUSTER_BOOT_STEP_DELAY_MS: "0",
});
try {
  const pid = dashboard.pid;
  if (pid === undefined) throw new Error("the dashboard's process has no id");
  const socketPath = join(dashboard.dataDir, "clusters", "default", "ams.socket");
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: browserFlags,
  });
  let cookie: string;
  try {
    const page = await browser.newPage({ baseURL: dashboard.baseUrl });
    await signUp(page, dashboard);
    const cookies = await page.context().cookies();
    cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  } finally {
    await browser.close();
  }

  /** Through the dashboard; answers the APK's bytes and the seconds until the 202. */
  const throughDashboard = async (name: string, apk: Iterable<Uint8Array>) => {
    const boundary = `----bench${randomUUID()}`;
    const count = { bytes: 0 };
    const started = performance.now();
    const answer = await post(
      { url: `${dashboard.baseUrl}/api/applications?clusterId=default` },
      multipart(name, counting(apk, count), boundary),
      {
        cookie,
        origin: dashboard.baseUrl,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 202) throw new Error(`dashboard: ${JSON.stringify(answer.json)}`);
    const metadata = answer.json.metadata as { operation: { id: string } };
    await waitForOperation(socketPath, metadata.operation.id);
    return { bytes: count.bytes, seconds };
  };

  // What any upload costs once (the multipart parser, the cluster's archive worker) is not measured.
  await throughDashboard(
    "warm-up",
    zipChunks([{ name: "AndroidManifest.xml", chunks: bytesOf("<manifest/>") }]),
  );
  await sleep(500);

  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const relayed = await throughDashboard("through-dashboard", apkChunks()).finally(() => {
    clearInterval(sampler);
  });

  const count = { bytes: 0 };
  const started = performance.now();
  const direct = await post(
    { socketPath, path: "/1.0/applications" },
    Readable.from(
      zipChunks([
        { name: "manifest.yaml", chunks: bytesOf(manifestOf("direct-to-cluster")) },
        { name: "app.apk", chunks: () => counting(apkChunks(), count) },
      ]),
      { objectMode: false },
    ),
    { "content-type": "application/octet-stream" },
  );
  const directSeconds = (performance.now() - started) / 1000;
  if (direct.status !== 202) throw new Error(`direct: ${JSON.stringify(direct.json)}`);
  await waitForOperation(socketPath, String(direct.json.operation).split("/").pop() ?? "");

  const rate = (bytes: number, seconds: number) => bytes / 1e6 / seconds;
  const dashboardRate = rate(relayed.bytes, relayed.seconds);
  const directRate = rate(count.bytes, directSeconds);
  console.log(
    `APK of ${(relayed.bytes / mebibyte).toFixed(0)} MiB through the dashboard (signed in, multipart): ` +
      `${relayed.seconds.toFixed(1)} s, ${dashboardRate.toFixed(0)} MB/s`,
  );
  console.log(
    `the same package straight to the cluster's socket: ${directSeconds.toFixed(1)} s, ${directRate.toFixed(0)} MB/s`,
  );
  console.log(`ratio (dashboard / direct): ${(dashboardRate / directRate).toFixed(2)}`);
  console.log(
    `dashboard server RSS: ${(baseline / mebibyte).toFixed(0)} MiB idle, peak growth ` +
      `${((peak - baseline) / mebibyte).toFixed(1)} MiB during the upload (target: under 64 MiB)`,
  );
  recordResults("application-upload", [
    reported(
      "MB/s through the dashboard / straight to the cluster",
      dashboardRate / directRate,
      "×",
    ),
    atMost("dashboard RSS peak growth, 1 GiB APK", (peak - baseline) / mebibyte, 64, "MiB"),
  ]);
} finally {
  await dashboard.stop();
}
