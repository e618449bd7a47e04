import { join } from "node:path";
import type { Kysely } from "kysely";
import { openDatabase as openMigratedDatabase } from "@anbox-dashboard/db";
import type { DatabaseSchema } from "./schema.ts";
import { migrations } from "./migrations/index.ts";

export type Database = Kysely<DatabaseSchema>;

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** Opens the dashboard's database (PostgreSQL when a URL is given, else SQLite under the data dir) and migrates it. */
export function openDatabase({ dataDir, databaseUrl }: DatabaseLocation): Promise<Database> {
  return openMigratedDatabase<DatabaseSchema>({
    sqlitePath: join(dataDir, "dashboard.sqlite"),
    databaseUrl,
    migrations,
    postgresSchema: "dashboard",
  });
}
