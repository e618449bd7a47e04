import { defineConfig } from "vitest/config";

// Unit, component and API tests, one project per package. End-to-end tests run under Playwright.
export default defineConfig({
  test: {
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
      "packages/web/vite.config.ts",
    ],
  },
});
