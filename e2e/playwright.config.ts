import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";

// End-to-end tests: Debian's Chromium against the product started exactly as `make start` starts it
// (bin/dashboard start), with a data directory of its own that every run begins empty.
const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = ".e2e-data";

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI !== undefined,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && bin/dashboard start`,
    cwd: repositoryRoot,
    env: { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    url: `http://127.0.0.1:${port}/api/auth-info`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
