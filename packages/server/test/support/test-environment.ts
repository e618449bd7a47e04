// What every test of the real dashboard server needs before it starts one: a data directory of its
// own, a stand-in for the built web app, and, when scripts/with-postgres.sh set TEST_POSTGRES_URL,
// a PostgreSQL database of its own (used by the embedded cluster too).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@anbox-dashboard/db";

export interface TestEnvironment {
  dataDir: string;
  webDistDir: string;
  /** The test's PostgreSQL database, or undefined for SQLite. */
  databaseUrl: string | undefined;
  /** Removes the data directory and drops the database. */
  cleanup(): Promise<void>;
}

export async function prepareTestEnvironment(name: string): Promise<TestEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), `dashboard-${name}-`));
  const webDistDir = join(dataDir, "web");
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, "index.html"), "<!doctype html><title>spa</title>");
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const postgres = adminUrl === undefined ? undefined : await createTestDatabase(adminUrl);
  // The embedded cluster is a child process: it finds its database in the environment.
  if (postgres) process.env.CLUSTER_DATABASE_URL = postgres.url;
  return {
    dataDir,
    webDistDir,
    databaseUrl: postgres?.url,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
