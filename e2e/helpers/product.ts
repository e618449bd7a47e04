import { fileURLToPath } from "node:url";

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
