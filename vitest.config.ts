import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * `make unit` runs every suite on SQLite; `make unit-postgres` (TEST_POSTGRES_URL set) runs again,
 * on PostgreSQL, the suites whose subject is what is stored: the db package, the cluster (its AMS
 * stores what it serves), and the dashboard's own store (accounts, sessions, sign-in and lookup
 * limits, idempotency, registration, join grants, two processes, the fuzz tests). Not these, whose
 * subject is elsewhere and whose stored state the suites above prove on both engines: the
 * dashboard's routes that pass a cluster's answers through (the cluster's suites prove its store),
 * transport (uploads, mutual TLS, sockets, headers, logs), the identity provider's redirects, and
 * the cluster's streaming (WebRTC). A new suite runs on both until it is listed here.
 */
const sqliteOnly = {
  server: [
    "test/ams-layer.test.ts",
    "test/applications-api.test.ts",
    "test/applications-list-api.test.ts",
    "test/applications-upload.test.ts",
    "test/catalog-api.test.ts",
    "test/cluster-failures.test.ts",
    "test/cluster-paging.test.ts",
    "test/config-api.test.ts",
    "test/config-stand-in.test.ts",
    "test/events.test.ts",
    "test/events-relay.test.ts",
    "test/idp-logout.test.ts",
    "test/idp-public-url.test.ts",
    "test/images-add-api.test.ts",
    "test/images-api.test.ts",
    "test/instance-capacity.test.ts",
    "test/instances-api.test.ts",
    "test/instances-bulk.test.ts",
    "test/instances-exec.test.ts",
    "test/logging.test.ts",
    "test/nodes-api.test.ts",
    "test/operations.test.ts",
    "test/registry-api.test.ts",
    "test/remote-cluster.test.ts",
    "test/security-headers.test.ts",
    "test/sessions-api.test.ts",
  ],
  cluster: ["test/streaming/**", "test/gateway/signaling.test.ts"],
};
const onPostgres = process.env.TEST_POSTGRES_URL !== undefined;
const excludedHere = (suites: string[]) => [
  ...configDefaults.exclude,
  ...(onPostgres ? suites : []),
];

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
          name: "http-kit",
          root: "packages/http-kit",
          environment: "node",
          include: ["test/**/*.test.ts"],
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
          exclude: excludedHere(sqliteOnly.cluster),
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
          exclude: excludedHere(sqliteOnly.server),
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // Its own options, maxWorkers as above, are in its Vite configuration.
      "packages/web/vite.config.ts",
    ],
  },
});
