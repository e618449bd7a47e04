// The embedded database's driver (packages/db, node:sqlite under Kysely) gives rows as ordinary
// objects, not node:sqlite's dictionary-mode ones, with the same columns and values.
import { afterEach, describe, expect, it } from "vitest";
import type { SqliteDatabase } from "kysely";
import { openNodeSqliteDatabase } from "@anbox-dashboard/db";

let database: SqliteDatabase | undefined;

afterEach(() => {
  database?.close();
  database = undefined;
});

function openWithRows(): SqliteDatabase {
  database = openNodeSqliteDatabase(":memory:");
  database.prepare("create table t (id integer, name text, data blob, note text)").run([]);
  const insert = database.prepare("insert into t values (?, ?, ?, ?)");
  insert.run([1, "one", new Uint8Array([1, 2]), null]);
  insert.run([2, "two", null, "x"]);
  return database;
}

describe("rows of the embedded database", () => {
  it("are ordinary objects with every column, in order, from all and iterate alike", () => {
    const db = openWithRows();
    const rows = db.prepare("select * from t order by id").all([]);
    expect(rows).toEqual([
      { id: 1, name: "one", data: new Uint8Array([1, 2]), note: null },
      { id: 2, name: "two", data: null, note: "x" },
    ]);
    for (const row of rows) {
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row as object)).toEqual(["id", "name", "data", "note"]);
    }
    expect([...db.prepare("select name from t where id > ?").iterate([0])]).toEqual([
      { name: "one" },
      { name: "two" },
    ]);
  });

  it("keep node:sqlite's answer where names repeat or one is __proto__", () => {
    const db = openWithRows();
    expect(db.prepare("select id as v, name as v from t where id = 1").all([])).toEqual([
      { v: "one" },
    ]);
    const [row] = db.prepare('select name as "__proto__" from t where id = 2').all([]);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe("two");
  });

  it("run statements that return nothing, and say which ones read", () => {
    const db = openWithRows();
    const update = db.prepare("update t set note = ? where id = ?");
    expect(update.reader).toBe(false);
    expect(update.run(["y", 1])).toMatchObject({ changes: 1 });
    expect(db.prepare("select note from t where id = 1").reader).toBe(true);
    expect(db.prepare("select note from t where id = 1").all([])).toEqual([{ note: "y" }]);
  });
});
