// The database layer both components open: SQLite through node:sqlite by default, PostgreSQL when
// scripts/with-postgres.sh gives a server (TEST_POSTGRES_URL), migrated by name, in files only
// their owner may read.
import { lstatSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import {
  createTestDatabase,
  engineOf,
  openDatabase,
  openNodeSqliteDatabase,
  restrictToOwner,
  type TestDatabase,
} from "../src/index.ts";

interface Schema {
  things: { id: number; name: string; size: number };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), "dashboard-db-test-"));
  cleanups.push(() => {
    rmSync(directory, { recursive: true, force: true });
  });
  return directory;
}

const ran: string[] = [];
const migrations: Record<string, Migration> = {
  "0002_size": {
    up: async (db: Kysely<unknown>) => {
      ran.push("0002_size");
      await db.schema.alterTable("things").addColumn("size", "bigint").execute();
    },
  },
  "0001_things": {
    up: async (db: Kysely<unknown>) => {
      ran.push("0001_things");
      await db.schema
        .createTable("things")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .execute();
    },
  },
};

/** SQLite in a temporary folder, and PostgreSQL too when a test server is there. */
function engines(): { name: string; options: () => Promise<Parameters<typeof openDatabase>[0]> }[] {
  const sqlite = {
    name: "sqlite",
    options: () =>
      Promise.resolve({
        sqlitePath: join(temporaryDirectory(), "data", "test.sqlite"),
        databaseUrl: undefined,
        migrations,
      }),
  };
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl === undefined) return [sqlite];
  return [
    sqlite,
    {
      name: "postgres",
      options: async () => {
        const database: TestDatabase = await createTestDatabase(adminUrl);
        cleanups.push(() => database.drop());
        return {
          sqlitePath: "",
          databaseUrl: database.url,
          migrations,
          postgresSchema: "component",
        };
      },
    },
  ];
}

async function open(options: Parameters<typeof openDatabase>[0]): Promise<Kysely<Schema>> {
  const db = await openDatabase<Schema>(options);
  cleanups.push(() => db.destroy());
  return db;
}

describe.each(engines())("openDatabase on $name", ({ options }) => {
  it("runs the migrations in the order of their names, once", async () => {
    const settings = await options();
    ran.length = 0;
    const first = await openDatabase<Schema>(settings);
    await first.destroy();
    expect(ran).toEqual(["0001_things", "0002_size"]);
    const again = await open(settings);
    expect(ran).toEqual(["0001_things", "0002_size"]);
    await again
      .insertInto("things")
      .values({ id: 1, name: "a", size: 2 ** 40 })
      .execute();
    // A bigint reads as a number on both engines (PostgreSQL's int8 would be a string).
    const row = await again.selectFrom("things").selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 1, name: "a", size: 2 ** 40 });
    expect(engineOf(settings)).toBe(settings.databaseUrl === undefined ? "sqlite" : "postgres");
  });

  it("names the migration that failed, and leaves nothing open", async () => {
    const settings = await options();
    const broken: Record<string, Migration> = {
      ...settings.migrations,
      "0003_broken": {
        up: async (db: Kysely<unknown>) => {
          await sql`SELECT * FROM no_such_table`.execute(db);
        },
      },
    };
    await expect(openDatabase({ ...settings, migrations: broken })).rejects.toThrow(
      /Database migration 0003_broken failed/,
    );
  });
});

describe.skipIf(process.env.TEST_POSTGRES_URL === undefined)("PostgreSQL schemas", () => {
  it("keep two components' tables apart in one database, every connection in its own", async () => {
    const database = await createTestDatabase(process.env.TEST_POSTGRES_URL ?? "");
    cleanups.push(() => database.drop());
    const [dashboard, cluster] = await Promise.all(
      ["dashboard", "cluster_lab"].map((postgresSchema) =>
        open({ sqlitePath: "", databaseUrl: database.url, migrations, postgresSchema }),
      ),
    );
    if (dashboard === undefined || cluster === undefined) throw new Error("not opened");
    await dashboard.insertInto("things").values({ id: 1, name: "dashboard's", size: 1 }).execute();
    await cluster.insertInto("things").values({ id: 1, name: "cluster's", size: 2 }).execute();
    // Many queries at once: each of the pool's connections, new ones too, is in its schema.
    const names = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? dashboard : cluster).selectFrom("things").select("name").execute(),
      ),
    );
    expect(names.map((rows) => rows[0]?.name)).toEqual(
      Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? "dashboard's" : "cluster's")),
    );
    const current = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(
      cluster,
    );
    expect(current.rows[0]?.schema).toBe("cluster_lab");
  });
});

describe("SQLite through node:sqlite", () => {
  it("keeps the database in its owner's folder and file, whatever the umask", async () => {
    const directory = temporaryDirectory();
    const path = join(directory, "private", "test.sqlite");
    const db = await open({ sqlitePath: path, databaseUrl: undefined, migrations });
    await db.insertInto("things").values({ id: 1, name: "a", size: 1 }).execute();
    expect(statSync(join(directory, "private")).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
  });

  it("gives rows as ordinary objects, and keeps a column named __proto__ harmless", () => {
    const database = openNodeSqliteDatabase(":memory:");
    cleanups.push(() => {
      database.close();
    });
    database.prepare("CREATE TABLE t (a INTEGER, b TEXT)").run([]);
    database.prepare("INSERT INTO t VALUES (?, ?)").run([1, "x"]);
    const select = database.prepare("SELECT a, b FROM t");
    // The same SQL is compiled once.
    expect(database.prepare("SELECT a, b FROM t")).toBe(select);
    const [row] = select.all([]) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual({ a: 1, b: "x" });
    const [hostile] = database.prepare('SELECT 1 AS "__proto__", 2 AS b').all([]) as Record<
      string,
      unknown
    >[];
    // node:sqlite's own row: the column is a property, not the row's prototype.
    expect(Object.getOwnPropertyDescriptor(hostile, "__proto__")?.value).toBe(1);
    expect(hostile?.b).toBe(2);
  });
});

describe("restrictToOwner", () => {
  it("takes group and other permissions away, and leaves links and missing paths alone", () => {
    const directory = temporaryDirectory();
    const file = join(directory, "secret");
    writeFileSync(file, "x", { mode: 0o644 });
    restrictToOwner(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = join(directory, "elsewhere");
    writeFileSync(target, "y", { mode: 0o644 });
    const link = join(directory, "link");
    symlinkSync(target, link);
    restrictToOwner(link, { followLinks: false });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o644);

    expect(() => {
      restrictToOwner(join(directory, "missing"));
    }).not.toThrow();
  });
});
