import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseSchema } from "./schema.ts";
import { migrationProvider } from "./migrations/index.ts";
import { openNodeSqliteDatabase } from "./node-sqlite-database.ts";

export type Database = Kysely<DatabaseSchema>;

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Opens the dashboard's database (PostgreSQL when a URL is given, else SQLite under the data dir) and migrates it. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  const db = new Kysely<DatabaseSchema>({ dialect: dialectFor(location) });
  const { error, results } = await new Migrator({
    db,
    provider: migrationProvider,
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error !== undefined || failed !== undefined) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
  return db;
}

function dialectFor({ dataDir, databaseUrl }: DatabaseLocation): Dialect {
  if (databaseUrl !== undefined) {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) });
  }
  mkdirSync(dataDir, { recursive: true });
  return new SqliteDialect({ database: openNodeSqliteDatabase(join(dataDir, "dashboard.sqlite")) });
}
