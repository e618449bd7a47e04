import { closeSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { ensurePrivateDirectory, restrictToOwner } from "./private-files.ts";

/**
 * Presents Node's built-in SQLite (`node:sqlite`) with the small interface Kysely's SQLite dialect
 * drives, so the embedded database needs no native addon to install.
 */
export function openNodeSqliteDatabase(path: string): SqliteDatabase {
  prepareOwnerOnlyFiles(path);
  const database = new DatabaseSync(path);
  // WAL lets readers go on while a write commits; with synchronous=NORMAL a commit survives the
  // process being killed (only a power loss can take back the last commits), without an fsync per
  // write. A busy timeout rides out short lock contention instead of failing a request.
  database.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;",
  );
  // Kysely compiles a query of the same shape to the same SQL text: keep the compiled statements of
  // the most recent shapes instead of compiling them again on every request.
  const statements = new Map<string, SqliteStatement>();
  // node:sqlite may crash the process (SIGSEGV) when a statement runs after its database closed:
  // a query still under way as a cluster stops is refused in JavaScript instead.
  const open = { now: true };
  return {
    close: () => {
      open.now = false;
      statements.clear();
      database.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const cached = statements.get(sql);
      if (cached) {
        // Refresh its place: the map's order is the order of last use.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      if (!open.now) throw new Error("The database is closed");
      const statement = wrap(database.prepare(sql), open);
      statements.set(sql, statement);
      if (statements.size > statementCacheSize) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

const statementCacheSize = 500;

/** The files SQLite keeps beside a database: the write-ahead log, its index, the rollback journal. */
const companionSuffixes = ["-wal", "-shm", "-journal"];

/**
 * The database, in a folder of its own owner's (0700), as a file of its owner's (0600), before
 * SQLite opens it. SQLite would create it 0644 (less the umask); made here first, it stays 0600,
 * and SQLite gives the WAL, its index and the journal the database file's own mode when it creates
 * them. Files an older install left readable are closed to others here too.
 */
function prepareOwnerOnlyFiles(path: string): void {
  if (path === ":memory:" || path === "") return; // SQLite's in-memory and temporary databases
  ensurePrivateDirectory(dirname(path));
  // "a" creates an empty file (which SQLite takes as a new database) and never truncates one.
  closeSync(openSync(path, "a", 0o600));
  for (const suffix of ["", ...companionSuffixes]) restrictToOwner(`${path}${suffix}`);
}

function wrap(statement: StatementSync, open: { readonly now: boolean }): SqliteStatement {
  // Kysely hands over positional parameters of the types its compiler produced; none reaches
  // node:sqlite once the database is closed.
  const bind = (parameters: readonly unknown[]): SQLInputValue[] => {
    if (!open.now) throw new Error("The database is closed");
    return parameters as SQLInputValue[];
  };
  const columns = statement.columns().map((column) => column.name);
  const reader = columns.length > 0;
  const run: SqliteStatement["run"] = (parameters) => statement.run(...bind(parameters));
  // A column named __proto__ would set an ordinary object's prototype: such rows stay node:sqlite's.
  if (!reader || columns.includes("__proto__")) {
    return {
      reader,
      all: (parameters) => statement.all(...bind(parameters)),
      run,
      iterate: function* (parameters) {
        for (const row of statement.iterate(...bind(parameters))) {
          yield row;
          if (!open.now) throw new Error("The database is closed");
        }
      },
    };
  }
  // node:sqlite makes each row a dictionary-mode object (null prototype, properties in a hash
  // table): every read of a field is a hash lookup, and turning 100 instance rows into JSON took
  // 40 % longer than from ordinary objects (bench/cluster-list.bench.ts). Rows come as arrays
  // instead, each made an object by assigning its columns in one order, so that all rows of a
  // statement share one hidden class.
  statement.setReturnArrays(true);
  const toRow = (values: unknown): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    const cells = values as unknown[];
    for (let index = 0; index < columns.length; index++) row[columns[index] ?? ""] = cells[index];
    return row;
  };
  return {
    reader,
    all: (parameters) => statement.all(...bind(parameters)).map(toRow),
    run,
    iterate: function* (parameters) {
      for (const values of statement.iterate(...bind(parameters))) {
        yield toRow(values);
        if (!open.now) throw new Error("The database is closed");
      }
    },
  };
}
