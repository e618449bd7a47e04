// The embedded cluster's instance list under load: 10,000 then 100,000 instances on 100 nodes, listed a page at
// a time with a status filter and a sort, over the real AMS socket; compared with the bare database
// query the endpoint runs. Then: how long 1,000 creates take to reach `running` with a zero-delay runtime.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { openClusterDatabase } from "@anbox-dashboard/cluster/store";
import { seedInstances } from "./support/seed-instances.ts";
import { atMost, recordResults } from "./support/results.ts";
import { largeFirstNode } from "./support/dashboard.ts";

/** The list is measured at each of these scales in turn (the instances topped up between). */
const instanceCounts = [10_000, 100_000];
const nodeCount = 100;
const listSamples = 300;
const coldRounds = 6;
const createCount = 1_000;
const createConcurrency = 16;

/** One request over the socket; the body is parsed only when asked, so timings are the server's. */
function call(
  socketPath: string,
  method: string,
  path: string,
  body?: unknown,
  parse = true,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { socketPath, method, path, headers: payload ? { "content-type": "application/json" } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            json: parse ? (JSON.parse(text) as unknown) : text,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function waitForSocket(path: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await call(path, "GET", "/1.0")).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the cluster process did not start");
    await sleep(50);
  }
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-cluster-"));
const databaseUrl = process.env.CLUSTER_DATABASE_URL;
const socketPath = join(dataDir, "ams.socket");
// The cluster runs as its own process, as `make start` runs it, so that the client's work is not
// counted as the server's. The instances are written straight into its database once it runs: a
// list benchmark needs many rows, not the minutes it would take to boot them.
const clusterProcess = spawn(
  process.execPath,
  [
    fileURLToPath(import.meta.resolve("@anbox-dashboard/cluster/main")),
    "--data-dir",
    dataDir,
    "--name",
    "bench",
  ],
  {
    env: {
      ...process.env,
      CLUSTER_BOOT_STEP_DELAY_MS: "0",
      CLUSTER_STOP_DELAY_MS: "0",
      ...largeFirstNode,
    },
    stdio: "ignore",
  },
);
const cluster = { socketPath };
const db = await openClusterDatabase(dataDir, databaseUrl, "bench");
try {
  await waitForSocket(socketPath);
  /** Seeds up to `instanceCount` instances (from `firstIndex`), then times the list at that scale. */
  const measureList = async (instanceCount: number, firstIndex: number): Promise<void> => {
    const seedStarted = performance.now();
    await seedInstances(db, instanceCount, nodeCount, firstIndex);
    console.log(
      `seeded ${String(instanceCount - firstIndex)} instances (${String(instanceCount)} in all) on ${nodeCount} nodes in ${(performance.now() - seedStarted).toFixed(0)} ms (${databaseUrl ? "PostgreSQL" : "SQLite"})`,
    );
    const path = "/1.0/instances?recursion=1&limit=100&status=running&order_by=name&order=asc";
    const first = await call(cluster.socketPath, "GET", path);
    const firstBody = first.json as { metadata: unknown[]; total_size?: number };
    if (first.status !== 200 || firstBody.metadata.length !== 100) {
      throw new Error(
        `unexpected answer ${first.status}: ${JSON.stringify(first.json).slice(0, 300)}`,
      );
    }
    // The cluster keeps each instance's JSON until its row changes: a read of unchanged instances
    // reuses it (warm, what a dashboard that refetches its page sees), a read of changed ones writes
    // it again (cold). Both are reported; the target is judged on the warm reads.
    const pageCount = 50;
    const timePage = async (offset: number): Promise<number> => {
      const started = performance.now();
      const response = await call(
        cluster.socketPath,
        "GET",
        `${path}&offset=${offset}`,
        undefined,
        false,
      );
      if (response.status !== 200) throw new Error(`list answered ${response.status}`);
      return performance.now() - started;
    };
    // The bare query: the same page and count straight from the database, no HTTP, no mapping.
    const timeBare = async (offset: number): Promise<number> => {
      const started = performance.now();
      await db
        .selectFrom("instances")
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom("nodes")
            .select("public_address")
            .whereRef("nodes.name", "=", "instances.node")
            .as("node_public_address"),
        )
        .where("status", "in", ["running"])
        .orderBy("name", "asc")
        .orderBy("id", "asc")
        .limit(100)
        .offset(offset)
        .execute();
      await db
        .selectFrom("instances")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("status", "in", ["running"])
        .executeTakeFirst();
      return performance.now() - started;
    };
    // One untimed round warms both sides; then API and bare reads alternate, so that a slow moment of
    // this shared 2-core machine weighs on both alike.
    for (let page = 0; page < pageCount; page++) {
      await timePage(page * 100);
      await timeBare(page * 100);
    }
    const apiTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let sample = 0; sample < listSamples; sample++) {
      const offset = (sample * 100) % (pageCount * 100);
      apiTimes.push(await timePage(offset));
      bareTimes.push(await timeBare(offset));
    }
    // Every instance changes (its revision moves, as any write moves it): each page is read cold.
    // Six rounds, so that the cold p50 rests on as many reads as the warm one.
    const coldTimes: number[] = [];
    for (let round = 0; round < coldRounds; round++) {
      await db
        .updateTable("instances")
        .set((eb) => ({ revision: eb("revision", "+", 1) }))
        .execute();
      for (let page = 0; page < pageCount; page++) coldTimes.push(await timePage(page * 100));
    }
    apiTimes.sort((a, b) => a - b);
    coldTimes.sort((a, b) => a - b);
    bareTimes.sort((a, b) => a - b);
    const apiP50 = percentile(apiTimes, 0.5);
    const coldP50 = percentile(coldTimes, 0.5);
    const bareP50 = percentile(bareTimes, 0.5);
    console.log(
      `GET ${path} (total_size ${String(firstBody.total_size)}), ${listSamples} samples:`,
    );
    console.log(
      `  API (warm) p50 ${apiP50.toFixed(2)} ms, p99 ${percentile(apiTimes, 0.99).toFixed(2)} ms`,
    );
    console.log(
      `  API (cold, ${String(coldRounds)} × ${String(pageCount)} pages of changed instances) p50 ${coldP50.toFixed(2)} ms, p99 ${percentile(coldTimes, 0.99).toFixed(2)} ms`,
    );
    console.log(
      `  bare query p50 ${bareP50.toFixed(2)} ms, p99 ${percentile(bareTimes, 0.99).toFixed(2)} ms`,
    );
    console.log(
      `  ratio API p50 / bare p50: ${(apiP50 / bareP50).toFixed(2)} warm, ${(coldP50 / bareP50).toFixed(2)} cold (target: p50 < 10 ms and ratio < 3)`,
    );
    const scale = `${String(instanceCount)} instances, ${String(firstBody.total_size)} running`;
    recordResults("cluster-list", [
      atMost(`list p50, warm (${scale})`, apiP50, 10, "ms"),
      atMost(`list p50 / bare query p50, warm (${scale})`, apiP50 / bareP50, 3, "×"),
      atMost(`list p50, cold (${scale})`, coldP50, 10, "ms"),
      atMost(`list p50 / bare query p50, cold (${scale})`, coldP50 / bareP50, 3, "×"),
    ]);
  };
  /**
   * 1,000 creates with a zero-delay runtime, 16 at a time, until every one is running: at the
   * first scale, while the nodes have room (at 100,000, half of them running fill every node).
   */
  const measureCreates = async (): Promise<void> => {
    // 1,000 creates with a zero-delay runtime, 16 at a time, until every one is running.
    const createStarted = performance.now();
    let next = 0;
    const operations: string[] = [];
    const worker = async (): Promise<void> => {
      while (next < createCount) {
        next++;
        const response = await call(cluster.socketPath, "POST", "/1.0/instances", {
          image_id: "jammy:android15:amd64",
          type: "container",
        });
        if (response.status !== 202)
          throw new Error(`create answered ${response.status}: ${JSON.stringify(response.json)}`);
        operations.push((response.json as { operation: string }).operation);
      }
    };
    await Promise.all(Array.from({ length: createConcurrency }, worker));
    const accepted = performance.now() - createStarted;
    let failed = 0;
    for (const operation of operations) {
      const waited = await call(cluster.socketPath, "GET", `${operation}/wait?timeout=120`);
      if ((waited.json as { metadata: { status: string } }).metadata.status !== "Success") failed++;
    }
    const total = performance.now() - createStarted;
    console.log(
      `${createCount} creates (${createConcurrency} concurrent): accepted in ${accepted.toFixed(0)} ms, all running after ${total.toFixed(0)} ms (${((createCount / total) * 1000).toFixed(0)}/s), ${failed} failed`,
    );
  };
  for (const [index, scale] of instanceCounts.entries()) {
    await measureList(scale, instanceCounts[index - 1] ?? 0);
    if (index === 0) await measureCreates();
  }
} finally {
  const exited = new Promise((resolve) => clusterProcess.once("exit", resolve));
  clusterProcess.kill("SIGTERM");
  await exited;
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
