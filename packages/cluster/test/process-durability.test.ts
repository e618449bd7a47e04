// Durability of the real cluster process: killed with SIGKILL in the middle of work, started
// again on the same data directory, it has lost and duplicated nothing, and has resolved what was
// left running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createTestDatabase, type TestDatabase } from "@anbox-dashboard/db";

const entry = join(import.meta.dirname, "../src/main.ts");
let dataDir: string;
let socketPath: string;
let database: TestDatabase | undefined;

interface Envelope<T> {
  type: string;
  metadata: T;
  operation?: string;
  error?: string;
}

function call<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { socketPath, method, path, headers: payload ? { "content-type": "application/json" } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<T> });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function startProcess(bootStepDelayMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry, "--data-dir", dataDir, "--name", "durable"], {
    env: {
      ...process.env,
      CLUSTER_BOOT_STEP_DELAY_MS: String(bootStepDelayMs),
      CLUSTER_STOP_DELAY_MS: "0",
      CLUSTER_DATABASE_URL: database?.url ?? "",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cluster exited with ${child.exitCode}`);
    try {
      if ((await call("GET", "/1.0")).status === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("cluster did not start");
    await sleep(50);
  }
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

interface InstanceView {
  id: string;
  name: string;
  status: string;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "cluster-durability-"));
  socketPath = join(dataDir, "ams.socket");
  const adminUrl = process.env.TEST_POSTGRES_URL;
  database = adminUrl === undefined ? undefined : await createTestDatabase(adminUrl);
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

describe("a cluster killed with SIGKILL mid-boot", () => {
  it("keeps every instance once, resolves its operations, and brings the instances to running", async () => {
    // Slow boots, so that the kill lands while every instance is on its way up.
    const first = await startProcess(2_000);
    const names = ["durable-a", "durable-b", "durable-c"];
    const operations: string[] = [];
    for (const name of names) {
      const created = await call("POST", "/1.0/instances", {
        name,
        image_id: "jammy:android15:amd64",
      });
      expect(created.status).toBe(202);
      operations.push(created.body.operation ?? "");
    }
    await killHard(first);

    const second = await startProcess(0);
    try {
      for (const operation of operations) {
        const waited = await call<{ status: string; err: string }>(
          "GET",
          `${operation}/wait?timeout=30`,
        );
        expect(waited.status).toBe(200);
        // Resumed to success, or failed with a reason: never left running forever.
        expect(["Success", "Failure"]).toContain(waited.body.metadata.status);
        if (waited.body.metadata.status === "Failure")
          expect(waited.body.metadata.err).not.toBe("");
      }
      const listed = await call<InstanceView[]>("GET", "/1.0/instances?recursion=1");
      const durable = listed.body.metadata.filter((instance) =>
        instance.name.startsWith("durable-"),
      );
      expect(durable.map((instance) => instance.name).sort()).toEqual(names);

      // Their desired status is running: the restarted cluster brings them there.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const statuses = (
          await call<InstanceView[]>("GET", "/1.0/instances?recursion=1")
        ).body.metadata
          .filter((instance) => instance.name.startsWith("durable-"))
          .map((instance) => instance.status);
        if (statuses.every((status) => status === "running")) break;
        if (Date.now() > deadline)
          throw new Error(`not running after restart: ${statuses.join(", ")}`);
        await sleep(50);
      }
    } finally {
      await killHard(second);
    }
  }, 60_000);
});
