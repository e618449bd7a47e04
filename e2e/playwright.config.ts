import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { chromiumFlags } from "./helpers/chromium-flags.ts";
import {
  embeddedDashboard,
  embeddedDashboardB,
  externalDashboard,
  externalIdp,
  repositoryRoot,
  twoClusterDashboard,
} from "./helpers/product.ts";

// End-to-end tests: Debian's Chromium against the product started exactly as `make start` starts it
// (bin/dashboard start), with a data directory of its own that every run begins empty. A second
// dashboard, configured for an external identity provider (a test OpenID provider started here
// too), serves the tests of sign-in through such a provider.

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...chromiumFlags],
  },
};

type WebServer = Exclude<PlaywrightTestConfig["webServer"], unknown[] | undefined>;

function dashboardServer(
  dashboard: { port: number; dataDir: string },
  env: Record<string, string> = {},
): WebServer {
  return {
    command: `rm -rf ${dashboard.dataDir} && bin/dashboard start`,
    cwd: repositoryRoot,
    // Warnings and errors only: a line per request would drown the test report.
    env: {
      DATA_DIR: dashboard.dataDir,
      PORT: String(dashboard.port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    url: `http://127.0.0.1:${dashboard.port}/api/auth-info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  };
}

/**
 * The specs that run on the second embedded dashboard, beside the first one's: about half of the
 * time, none of them needing an installation without accounts (sign-in.spec.ts does).
 */
const secondDashboardSpecs = [
  "signed-in-images.spec.ts",
  "signed-in-images-add.spec.ts",
  "signed-in-operations.spec.ts",
  "signed-in-permissions.spec.ts",
  "signed-in-remote-cluster.spec.ts",
  "streaming.spec.ts",
  "streaming-share-links.spec.ts",
  "streaming-sdk.spec.ts",
  "streaming-sdk-gateway.spec.ts",
];

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  // Two projects at a time, each on a dashboard of its own, each running its specs one after the
  // other as they share that dashboard's cluster (workers: 1 on each project). On this 2-core
  // machine one at a time left a core idle (49 % of two): 12.5 min for the suite.
  workers: 2,
  forbidOnly: process.env.CI !== undefined,
  retries: 0,
  reporter: [["list"]],
  // At the end of a run, the spec files that took longest: where a slow run's time went.
  reportSlowTests: { max: 10, threshold: 15_000 },
  // These VMs differ 2x from one day to the next: a CI run on a slow day (every phase twice as
  // long as the day before) timed out three tests that pass in 10-25 s on a usual one.
  timeout: 60_000,
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [
        "external-idp.spec.ts",
        "instances-at-scale.spec.ts",
        "two-clusters-*.spec.ts",
        ...secondDashboardSpecs,
      ],
      workers: 1,
      use: { ...chromium, baseURL: embeddedDashboard.url },
    },
    {
      name: "chromium-b",
      testMatch: secondDashboardSpecs,
      workers: 1,
      use: { ...chromium, baseURL: embeddedDashboardB.url },
    },
    {
      // After the others: it leaves a thousand instances in the shared cluster.
      name: "chromium-at-scale",
      testMatch: "instances-at-scale.spec.ts",
      dependencies: ["chromium"],
      workers: 1,
      use: { ...chromium, baseURL: embeddedDashboard.url },
    },
    {
      name: "chromium-two-clusters",
      testMatch: "two-clusters-*.spec.ts",
      workers: 1,
      use: { ...chromium, baseURL: twoClusterDashboard.url },
    },
    {
      name: "chromium-external-idp",
      testMatch: "external-idp.spec.ts",
      workers: 1,
      use: { ...chromium, baseURL: externalDashboard.url },
    },
  ],
  webServer: [
    dashboardServer(embeddedDashboard),
    dashboardServer(embeddedDashboardB),
    dashboardServer(twoClusterDashboard, {
      EMBEDDED_CLUSTERS: twoClusterDashboard.clusterIds.join(","),
    }),
    {
      // The test double of an organisation's identity provider: it signs in one configured account.
      command: `"$(scripts/ensure-node.sh)/node" packages/server/test/support/run-test-oidc-provider.ts`,
      cwd: repositoryRoot,
      env: {
        TEST_OIDC_PORT: String(externalIdp.port),
        TEST_OIDC_CLIENT_ID: externalIdp.clientId,
        TEST_OIDC_CLIENT_SECRET: externalIdp.clientSecret,
        TEST_OIDC_DASHBOARD_URL: externalDashboard.url,
        TEST_OIDC_SUB: externalIdp.account.sub,
        TEST_OIDC_EMAIL: externalIdp.account.email,
        TEST_OIDC_NAME: externalIdp.account.name,
      },
      // It prints its issuer once it listens (polling its discovery URL proved flaky).
      wait: { stdout: /^issuer=/m },
      reuseExistingServer: false,
      // These VMs differ 2x from one day to the next: a CI run on a slow day (every phase twice as
      // long as the day before) timed out three tests that pass in 10-25 s on a usual one.
      timeout: 60_000,
      stdout: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    dashboardServer(externalDashboard, {
      OIDC_ISSUER: externalIdp.issuer,
      OIDC_CLIENT_ID: externalIdp.clientId,
      OIDC_CLIENT_SECRET: externalIdp.clientSecret,
    }),
  ],
});
