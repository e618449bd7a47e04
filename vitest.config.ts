import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit, component and API tests, one project per package. End-to-end tests run under Playwright.
export default defineConfig({
  test: {
    // Vitest runs one file less than there are cores at a time: a single one on the 2-core CI
    // machine, where the API suites mostly wait on their clusters' processes and sockets. Two
    // there took them from 447 s to 243 s; larger machines keep Vitest's own choice.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The usual report, then the slowest files (where a slow run's time went).
    reporters: ["default", "./scripts/slowest-test-files.ts"],
    projects: [
      {
        test: {
          name: "contract",
          root: "packages/contract",
          environment: "node",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "db",
          root: "packages/db",
          environment: "node",
          include: ["test/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "cluster",
          root: "packages/cluster",
          environment: "node",
          // As the server starts a cluster: it frees an upload's chunks as it writes them.
          execArgv: ["--expose-gc"],
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          // Real clusters on a 2-core machine, PostgreSQL included: generous, never hanging.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          root: "packages/server",
          environment: "node",
          // As bin/dashboard starts the server: an upload relay frees its chunks as it sends them.
          execArgv: ["--expose-gc"],
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // Its own options, maxWorkers as above, are in its Vite configuration.
      "packages/web/vite.config.ts",
    ],
  },
});
