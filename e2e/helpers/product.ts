import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";

// Where the end-to-end tests find the products they start (see playwright.config.ts): the
// dashboard as `make start` runs it (embedded identity provider), and a second one signing people
// in at a separately started test OpenID provider.

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

const basePort = Number(process.env.E2E_PORT ?? 18080);

export const embeddedDashboard = {
  port: basePort,
  dataDir: ".e2e-data",
  url: `http://127.0.0.1:${basePort}`,
};

/**
 * A second dashboard like the first, for the specs of the project that runs beside the first one
 * (playwright.config.ts): each project's specs run one after the other on their own dashboard, as
 * they always did, and the two projects at once.
 */
export const embeddedDashboardB = {
  port: basePort + 4,
  dataDir: ".e2e-data-b",
  url: `http://127.0.0.1:${basePort + 4}`,
};

export const externalIdp = {
  port: basePort + 2,
  clientId: "e2e-dashboard",
  clientSecret: "e2e-dashboard-secret",
  account: { sub: "erin-at-provider", email: "erin@example.com", name: "Erin External" },
  issuer: `http://127.0.0.1:${basePort + 2}`,
};

export const externalDashboard = {
  port: basePort + 1,
  dataDir: ".e2e-data-external",
  url: `http://127.0.0.1:${basePort + 1}`,
};

/**
 * A dashboard with two embedded clusters (`EMBEDDED_CLUSTERS=default,second`), for what moves
 * between clusters (the registry) or picks one (configuration): specs named `two-clusters-*`.
 */
export const twoClusterDashboard = {
  port: basePort + 3,
  dataDir: ".e2e-data-two-clusters",
  url: `http://127.0.0.1:${basePort + 3}`,
  clusterIds: ["default", "second"],
};

const dashboards = [embeddedDashboard, embeddedDashboardB, externalDashboard, twoClusterDashboard];

/**
 * The dashboard the running test's project points at (its `baseURL`): the helpers reach its
 * data directory and its cluster. Call it inside a test or a hook.
 */
export function currentDashboard(): { port: number; dataDir: string; url: string } {
  const baseURL = test.info().project.use.baseURL;
  const found = dashboards.find((dashboard) => dashboard.url === baseURL);
  if (!found) throw new Error(`no e2e dashboard serves ${String(baseURL)}`);
  return found;
}
