// What the browser benchmarks share: a dashboard started as `make start` starts it (its own data
// directory, on a port of the benchmark's), Chromium with the flags this machine needs, an
// account signed in through a registration link as a person would, and the figures' summary.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { chromiumFlags } from "@anbox-dashboard/e2e/chromium-flags";

export const repositoryRoot = join(import.meta.dirname, "..", "..");

/** Chromium's flags, as the end-to-end tests run it. */
export const browserFlags = [...chromiumFlags];

export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p90 ${percentile(sorted, 0.9).toFixed(0)} ms (${String(times.length)} samples)`;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * A first node big enough for the seeded instances' reservations (10,000 and more): the
 * environment of an embedded cluster that places them all.
 */
export const largeFirstNode = {
  CLUSTER_NODE_CPUS: "64",
  CLUSTER_NODE_MEMORY_GB: "256",
  CLUSTER_NODE_DISK_GB: "4000",
} as const;

export interface BenchDashboard {
  baseUrl: string;
  dataDir: string;
  /** The dashboard server's process (`bin/dashboard` execs Node), for its /proc figures. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Fails when something listens on the port already (a dashboard an interrupted run left behind):
 * it would answer in place of the one started, with another data directory.
 */
async function assertPortFree(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`port ${String(port)} is taken (a dashboard left by an interrupted run?)`)
          : error,
      );
    });
    server.listen(port, "127.0.0.1", () => {
      server.close(() => {
        resolve();
      });
    });
  });
}

/** Starts `bin/dashboard start` on 127.0.0.1:`port` with a new data directory; resolves once it answers. */
export async function startDashboard(
  name: string,
  port: number,
  env: Record<string, string> = {},
): Promise<BenchDashboard> {
  await assertPortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const dashboard = spawn("bin/dashboard", ["start"], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: process.env.BENCH_DASHBOARD_OUTPUT ? "inherit" : "ignore",
  });
  // A dashboard that exits before it answers (a bad build, say) fails the run at once.
  let exitCode: number | null | undefined;
  const exited = new Promise((resolve) => {
    dashboard.once("exit", (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  const stop = async () => {
    if (exitCode === undefined) dashboard.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== undefined) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the dashboard exited (code ${String(exitCode)}) before it answered`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/auth-info`)).ok) {
        return { baseUrl, dataDir, pid: dashboard.pid, stop };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the dashboard did not start");
    }
    await sleep(100);
  }
}

/**
 * Signs a new account in through a registration link, and closes the onboarding tour's panel,
 * which greets a new account once on a window 1200 px wide or more (its progress then moves on,
 * so it does not open again and weighs on no measured page).
 */
export async function signUp(
  page: Page,
  dashboard: BenchDashboard,
  account: { email: string; groups: readonly string[] } = {
    email: "bench@example.com",
    groups: [],
  },
): Promise<void> {
  const groupArgs = account.groups.flatMap((group) => ["--group", group]);
  const link = execFileSync("bin/dashboard", ["register", "--email", account.email, ...groupArgs], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dashboard.dataDir },
    encoding: "utf8",
  }).trim();
  await page.goto(link);
  await page.getByLabel("Full name").fill("Bench Mark");
  await page.getByLabel("Password", { exact: true }).fill("bench-mark-password-1");
  await page.getByLabel("Confirm password").fill("bench-mark-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
  if ((page.viewportSize()?.width ?? 0) >= 1200) {
    const tour = page.getByRole("complementary", { name: "Get started" });
    await tour.getByRole("button", { name: "Close" }).click();
    await tour.waitFor({ state: "detached" });
  }
}
