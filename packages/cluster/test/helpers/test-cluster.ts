// A real cluster for tests: its own temporary data directory, SQLite (or, when TEST_POSTGRES_URL
// is set by scripts/with-postgres.sh, a PostgreSQL database of its own), the AMS API on a real Unix
// socket, and a client over it.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { AmsOperation } from "@anbox-dashboard/contract";
import { createTestDatabase, type TestDatabase } from "@anbox-dashboard/db";
import { startCluster, type RunningCluster } from "../../src/cluster.ts";
import type { ClusterOptions } from "../../src/options.ts";

export interface AmsTestResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed envelope (or raw text when the body is not JSON). */
  body: {
    type: string;
    metadata: T;
    error?: string;
    error_code?: number;
    total_size?: number;
    operation?: string;
  };
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body (uploads); sent as application/octet-stream unless a content-type header says otherwise. */
  raw?: Buffer;
  headers?: Record<string, string>;
}

export interface TestCluster {
  running: RunningCluster;
  dataDir: string;
  request<T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<AmsTestResponse<T>>;
  /** Waits for an operation to finish and returns it. */
  waitOperation(operationUrlOrId: string, timeoutSeconds?: number): Promise<AmsOperation>;
  /** Stops the cluster (as a clean shutdown) and keeps the data directory. */
  stop(): Promise<void>;
  /** Starts a new cluster process-state on the same data directory (a restart). */
  restart(): Promise<TestCluster>;
  /** Stops the cluster and removes its data directory. */
  destroy(): Promise<void>;
}

export async function startTestCluster(
  overrides: Partial<ClusterOptions> = {},
  existingDataDir?: string,
): Promise<TestCluster> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), "cluster-test-"));
  const name = overrides.name ?? `t${randomBytes(4).toString("hex")}`;
  const adminUrl = process.env.TEST_POSTGRES_URL;
  // A restart keeps the database it had; a new test cluster gets a new one.
  const database: TestDatabase | undefined =
    overrides.databaseUrl === undefined && adminUrl !== undefined
      ? await createTestDatabase(adminUrl)
      : undefined;
  const options: ClusterOptions = {
    name,
    dataDir,
    databaseUrl: database?.url,
    version: "test",
    bootStepDelayMs: 0,
    stopDelayMs: 0,
    firstNode: { name: "lxd0", cpus: 8, memory: 16e9, diskSize: 200e9, gpuSlots: 2 },
    tokenSecret: "test-secret-0123456789abcdef",
    ...overrides,
  };
  const running = await startCluster(options);
  let stopped = false;

  const request = <T>(method: string, path: string, requestOptions: RequestOptions = {}) =>
    new Promise<AmsTestResponse<T>>((resolve, reject) => {
      const headers: Record<string, string> = { ...requestOptions.headers };
      let payload: Buffer | undefined;
      if (requestOptions.raw !== undefined) {
        payload = requestOptions.raw;
        headers["content-type"] ??= "application/octet-stream";
      } else if (requestOptions.body !== undefined) {
        payload = Buffer.from(JSON.stringify(requestOptions.body));
        headers["content-type"] ??= "application/json";
      }
      if (payload !== undefined) headers["content-length"] = String(payload.length);
      // No keep-alive: a connection must not outlive the cluster process-state it talked to.
      const req = httpRequest(
        { socketPath: running.socketPath, path, method, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let body: AmsTestResponse<T>["body"];
            try {
              body = JSON.parse(text) as AmsTestResponse<T>["body"];
            } catch {
              body = { type: "raw", metadata: text as T };
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  const cluster: TestCluster = {
    running,
    dataDir,
    request,
    waitOperation: async (operationUrlOrId, timeoutSeconds = 30) => {
      const id = operationUrlOrId.split("/").pop() ?? operationUrlOrId;
      const response = await request<AmsOperation>(
        "GET",
        `/1.0/operations/${id}/wait?timeout=${timeoutSeconds}`,
      );
      if (response.status !== 200)
        throw new Error(`wait for ${id}: ${response.status} ${response.text}`);
      return response.body.metadata;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await running.stop();
    },
    restart: async () => {
      await cluster.stop();
      return startTestCluster({ ...overrides, name, databaseUrl: options.databaseUrl }, dataDir);
    },
    destroy: async () => {
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
  return cluster;
}
