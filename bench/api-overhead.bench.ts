// How much the dashboard server costs per request compared with a bare Fastify server, and how
// long the product takes to start as `make start` runs it. Loopback only; bounded in time.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify from "fastify";
import { recordResults, reported } from "./support/results.ts";

const repositoryRoot = resolve(import.meta.dirname, "..");
const concurrency = 16;
const durationMs = 3_000;
const port = 18_090;

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function load(url: string): Promise<LoadResult> {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: (latencies.length / elapsed) * 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const format = (result: LoadResult): string =>
  `${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`;

// The baseline: a bare Fastify server answering the same JSON, in this process.
const bare = Fastify();
bare.get("/api/auth-info", () => ({ hasUsers: false, isExternalIdp: false, variant: "appliance" }));
await bare.listen({ host: "127.0.0.1", port: port + 1 });
const baseline = await load(`http://127.0.0.1:${port + 1}/api/auth-info`);
await bare.close();

// The product, started as `make start` starts it, with an empty data directory.
const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
const startedAt = performance.now();
const product = spawn(join(repositoryRoot, "bin/dashboard"), ["start"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
  stdio: "ignore",
});
try {
  await waitFor(`http://127.0.0.1:${port}/api/auth-info`, 30_000);
  const startupMs = performance.now() - startedAt;
  const dashboard = await load(`http://127.0.0.1:${port}/api/auth-info`);

  console.log(`machine: ${process.env.BENCH_MACHINE_NOTE ?? "2 cores; say what else ran"}`);
  console.log(`startup (spawn to first answer): ${startupMs.toFixed(0)} ms`);
  console.log(`bare Fastify       GET /api/auth-info: ${format(baseline)}`);
  console.log(`dashboard server   GET /api/auth-info: ${format(dashboard)}`);
  const ratio = dashboard.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`ratio (dashboard req/s / bare Fastify req/s): ${ratio.toFixed(2)}`);
  recordResults("api-overhead", [
    reported("start-up to first answer", startupMs, "ms"),
    reported("req/s as a share of bare Fastify's", ratio, "×"),
  ]);
} finally {
  product.kill("SIGTERM");
  await new Promise((resolvePromise) => product.once("exit", resolvePromise));
  rmSync(dataDir, { recursive: true, force: true });
}
