import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Presents Node's built-in SQLite (`node:sqlite`) with the small interface Kysely's SQLite dialect
 * drives, so the embedded database needs no native addon to install.
 */
export function openNodeSqliteDatabase(path: string): SqliteDatabase {
  const database = new DatabaseSync(path);
  // WAL lets readers go on while a write commits; a busy timeout rides out short lock contention
  // instead of failing a request.
  database.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  return {
    close: () => {
      database.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const statement = database.prepare(sql);
      // Kysely hands over positional parameters of the types its compiler produced.
      const bind = (parameters: readonly unknown[]): SQLInputValue[] =>
        parameters as SQLInputValue[];
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}
