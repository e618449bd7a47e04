// Issue 38: a killed dashboard process loses no audit entry of a request it answered. The real
// `bin/dashboard start` runs as a child process; requests that change something are sent to it
// four at a time, and it is killed (SIGKILL: nothing of it runs after) while some are in flight.
// Every request whose answer arrived has its entry in the database, found by the request id the
// answer carried. Its embedded cluster stops with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runtimeFileName, type RuntimeFile } from "../src/main.ts";
import { openDatabase } from "../src/store/database.ts";
import { AmsClient } from "../src/clusters/ams-client.ts";
import { signInDirectly } from "./support/sign-in-directly.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

const repositoryRoot = resolve(import.meta.dirname, "../../..");
let environment: TestEnvironment;
let child: ChildProcess;

/** Starts `bin/dashboard start` on a free port; resolves with its address once it listens. */
async function startChild(): Promise<string> {
  child = spawn(join(repositoryRoot, "bin/dashboard"), ["start"], {
    env: {
      ...process.env,
      DATA_DIR: environment.dataDir,
      WEB_DIST_DIR: environment.webDistDir,
      PORT: "0",
      ...(environment.databaseUrl === undefined ? {} : { DATABASE_URL: environment.databaseUrl }),
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  const runtime = join(environment.dataDir, runtimeFileName);
  for (let attempt = 0; attempt < 600; attempt++) {
    if (existsSync(runtime)) {
      const file = JSON.parse(readFileSync(runtime, "utf8")) as RuntimeFile;
      if (file.pid === child.pid) return file.publicUrl;
    }
    if (child.exitCode !== null)
      throw new Error(`the dashboard exited with ${String(child.exitCode)}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error("the dashboard did not start");
}

beforeAll(async () => {
  environment = await prepareTestEnvironment("audit-kill");
}, 60_000);

afterAll(async () => {
  child.kill("SIGKILL");
  await environment.cleanup();
});

describe("a dashboard process killed while it answers", () => {
  it("keeps the entry of every request it answered", async () => {
    const base = await startChild();
    const db = await openDatabase(environment);
    const cookie = await signInDirectly(db);
    const answered: string[] = [];
    let stop = false;
    let sent = 0;
    const sender = async () => {
      while (!stop) {
        sent += 1;
        const name = `killed-${String(sent)}-${String(process.hrtime.bigint())}`;
        try {
          const response = await fetch(`${base}/api/auth/groups`, {
            method: "POST",
            headers: { cookie, origin: base, "content-type": "application/json" },
            body: JSON.stringify({ name }),
          });
          await response.arrayBuffer();
          if (response.status === 201) answered.push(response.headers.get("x-request-id") ?? "");
        } catch {
          // In flight as the process died: no answer, nothing promised.
          return;
        }
      }
    };
    const senders = Array.from({ length: 4 }, sender);
    while (answered.length < 40) await new Promise((resolveWait) => setTimeout(resolveWait, 5));
    child.kill("SIGKILL");
    stop = true;
    await Promise.all(senders);

    const recorded = await db
      .selectFrom("audit_log")
      .select("request_id")
      .where("action", "=", "POST /api/auth/groups")
      .execute();
    const ids = new Set(recorded.map((row) => row.request_id));
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(answered.filter((id) => !ids.has(id))).toEqual([]);
    await db.destroy();

    // Its embedded cluster does not outlive it: it stops once the dashboard is gone.
    const cluster = new AmsClient(join(environment.dataDir, "clusters", "default", "ams.socket"));
    await expect
      .poll(
        () =>
          cluster.get("/1.0").then(
            () => "answers",
            () => "gone",
          ),
        { timeout: 15_000 },
      )
      .toBe("gone");
  }, 90_000);
});
