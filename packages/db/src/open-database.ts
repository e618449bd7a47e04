import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import pg from "pg";
import { openNodeSqliteDatabase } from "./node-sqlite-database.ts";

// PostgreSQL's bigint (int8, type 20) arrives as a string by default, for values past 2^53. Our
// bigints are byte sizes and Unix times, far below that: read them as numbers, like SQLite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  /** The SQLite file to use when no PostgreSQL URL is given. */
  sqlitePath: string;
  /** `postgres://...`: use PostgreSQL instead of SQLite. */
  databaseUrl: string | undefined;
  /** Every migration by name; names sort in the order they run. Never rename one that shipped. */
  migrations: Record<string, Migration>;
  /** PostgreSQL schema holding the tables, so that two components can share one database. */
  postgresSchema?: string;
}

export type DatabaseEngine = "sqlite" | "postgres";

/** Opens a database (PostgreSQL when a URL is given, else SQLite) and migrates it to the latest schema. */
export async function openDatabase<Schema>(options: DatabaseOptions): Promise<Kysely<Schema>> {
  const db = new Kysely<Schema>({ dialect: dialectFor(options) });
  try {
    if (options.databaseUrl !== undefined && options.postgresSchema !== undefined) {
      await db.schema.createSchema(options.postgresSchema).ifNotExists().execute();
    }
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(options.migrations) },
      ...(options.postgresSchema !== undefined && options.databaseUrl !== undefined
        ? { migrationTableSchema: options.postgresSchema }
        : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === "Error");
    if (error !== undefined || failed !== undefined) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`, {
        cause: error,
      });
    }
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

export function engineOf(options: Pick<DatabaseOptions, "databaseUrl">): DatabaseEngine {
  return options.databaseUrl === undefined ? "sqlite" : "postgres";
}

function dialectFor(options: DatabaseOptions): Dialect {
  if (options.databaseUrl !== undefined) {
    // The schema is the connection's from its start (a startup option, not a query sent once it
    // is made: such a query, unawaited, failed as an unhandled rejection when a connection ended
    // while it ran, as at shutdown).
    const schema = options.postgresSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema === undefined ? {} : { options: `-c search_path=${quotedIdentifier(schema)}` }),
    });
    // An idle connection the server ends (a restart, an administrator) is replaced by the pool on
    // the next query; without a listener its error would crash the process.
    pool.on("error", (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    return new PostgresDialect({ pool });
  }
  return new SqliteDialect({ database: openNodeSqliteDatabase(options.sqlitePath) });
}

/**
 * A PostgreSQL identifier in double quotes, for a startup option: its quotes doubled, and its
 * spaces and backslashes escaped as the startup options' parser asks.
 */
function quotedIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`.replaceAll("\\", "\\\\").replaceAll(" ", "\\ ");
}
