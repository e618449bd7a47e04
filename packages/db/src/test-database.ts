import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file, on the server that `adminUrl` reaches (see
 * scripts/with-postgres.sh), so that test files running in parallel never share tables.
 */
export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // Connections just closed by the test may take a moment to leave the server. Forcing the
        // drop would end them from the server side, which their clients report as errors.
        const deadline = Date.now() + 5_000;
        for (;;) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            const inUse = (error as { code?: string }).code === "55006";
            if (!inUse) throw error;
            if (Date.now() > deadline) {
              await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              return;
            }
            await sleep(50);
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
