// The data directory is its owner's alone: the databases (the dashboard's and each embedded
// cluster's), their WAL, index and journal, the runtime file and the keys are 0600 in 0700
// folders, when made (whatever the umask) and when an older install left them open.
import { afterEach, describe, expect, it } from "vitest";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openDatabase as openAnyDatabase } from "@anbox-dashboard/db";
import { readConfig } from "../src/config.ts";
import { startDashboard } from "../src/main.ts";
import { writeRuntimeFile, runtimeFileName } from "../src/cli/runtime-file.ts";
import { openDatabase } from "../src/store/database.ts";
import { securePrivateDataDirectory } from "../src/store/data-directory.ts";

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "dashboard-modes-test-"));
  made.push(dir);
  return dir;
}

function modeOf(path: string): string {
  return (statSync(path).mode & 0o777).toString(8);
}

/** A data directory as an older install left it: everything readable by everyone. */
function openDataDirectory(): string {
  const dataDir = join(tempDir(), "data");
  mkdirSync(join(dataDir, "idp"), { recursive: true });
  mkdirSync(join(dataDir, "clusters", "default"), { recursive: true });
  for (const file of ["dashboard.sqlite-wal", "dashboard.sqlite-journal", runtimeFileName]) {
    writeFileSync(join(dataDir, file), "");
  }
  writeFileSync(join(dataDir, "idp", "client-secret"), "secret");
  for (const dir of [dataDir, join(dataDir, "idp"), join(dataDir, "clusters")]) {
    chmodSync(dir, 0o755);
  }
  for (const file of ["dashboard.sqlite-wal", "dashboard.sqlite-journal", runtimeFileName]) {
    chmodSync(join(dataDir, file), 0o644);
  }
  chmodSync(join(dataDir, "idp", "client-secret"), 0o644);
  return dataDir;
}

describe("the SQLite files", () => {
  it("are made 0600 in a 0700 folder, the WAL and its index too, under a permissive umask", async () => {
    // The usual umask, which leaves new files readable by others.
    const previousUmask = process.umask(0o022);
    const dataDir = join(tempDir(), "new", "data");
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      // A write, so that SQLite has made its write-ahead log and the log's index.
      await sql`CREATE TABLE probe (id INTEGER)`.execute(db);
      expect(modeOf(dataDir)).toBe("700");
      for (const file of ["dashboard.sqlite", "dashboard.sqlite-wal", "dashboard.sqlite-shm"]) {
        expect([file, modeOf(join(dataDir, file))]).toEqual([file, "600"]);
      }
    } finally {
      await db.destroy();
      process.umask(previousUmask);
    }
  });

  it("of an older install are closed to others when the database opens", async () => {
    const dataDir = openDataDirectory();
    writeFileSync(join(dataDir, "dashboard.sqlite"), "");
    chmodSync(join(dataDir, "dashboard.sqlite"), 0o644);
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(modeOf(dataDir)).toBe("700");
      // While it is open: SQLite removes its WAL when the last connection closes (and removed
      // the empty journal on opening: the start's sweep of the data directory covers that one).
      for (const file of ["dashboard.sqlite", "dashboard.sqlite-wal"]) {
        expect([file, modeOf(join(dataDir, file))]).toEqual([file, "600"]);
      }
    } finally {
      await db.destroy();
    }
  });

  it("of any database the driver opens (an embedded cluster's) follow the same rule", async () => {
    const clusterDir = join(tempDir(), "clusters", "default");
    mkdirSync(clusterDir, { recursive: true, mode: 0o755 });
    chmodSync(clusterDir, 0o755);
    const db = await openAnyDatabase({
      sqlitePath: join(clusterDir, "cluster.sqlite"),
      databaseUrl: undefined,
      migrations: {},
    });
    await db.destroy();
    expect(modeOf(clusterDir)).toBe("700");
    expect(modeOf(join(clusterDir, "cluster.sqlite"))).toBe("600");
  });
});

describe("the data directory", () => {
  it("of an older install is closed to others on start, links left alone", () => {
    const dataDir = openDataDirectory();
    const elsewhere = join(tempDir(), "not-ours");
    writeFileSync(elsewhere, "");
    chmodSync(elsewhere, 0o644);
    symlinkSync(elsewhere, join(dataDir, "link"));

    securePrivateDataDirectory(dataDir);
    for (const dir of [dataDir, join(dataDir, "idp"), join(dataDir, "clusters")]) {
      expect([dir, modeOf(dir)]).toEqual([dir, "700"]);
    }
    for (const file of [
      runtimeFileName,
      "dashboard.sqlite-wal",
      "dashboard.sqlite-journal",
      join("idp", "client-secret"),
    ]) {
      expect([file, modeOf(join(dataDir, file))]).toEqual([file, "600"]);
    }
    expect(modeOf(elsewhere)).toBe("644");
  });

  it("gets a runtime file of 0600 even over an older one that was readable", () => {
    const dataDir = openDataDirectory();
    writeRuntimeFile(dataDir, {
      publicUrl: "http://127.0.0.1:8080",
      variant: "appliance",
      pid: process.pid,
      startedAt: new Date().toISOString(),
    });
    expect(modeOf(join(dataDir, runtimeFileName))).toBe("600");
  });

  it("is owner-only everywhere once the dashboard and its cluster have started on an older install", async () => {
    const dataDir = openDataDirectory();
    const webDistDir = join(tempDir(), "web");
    mkdirSync(webDistDir);
    writeFileSync(join(webDistDir, "index.html"), "<!doctype html>");
    const dashboard = await startDashboard(
      readConfig(
        { DATA_DIR: dataDir, PORT: "0", WEB_DIST_DIR: webDistDir },
        "/nonexistent-repository-root",
      ),
    );
    try {
      // The migrations have written to both databases: their WAL and its index exist.
      const cluster = join("clusters", "default");
      for (const dir of ["", "clusters", cluster]) {
        expect([dir, modeOf(join(dataDir, dir))]).toEqual([dir, "700"]);
      }
      for (const file of [
        "dashboard.sqlite",
        "dashboard.sqlite-wal",
        "dashboard.sqlite-shm",
        runtimeFileName,
        join(cluster, "cluster.sqlite"),
        join(cluster, "cluster.sqlite-wal"),
        join(cluster, "cluster.sqlite-shm"),
      ]) {
        expect([file, modeOf(join(dataDir, file))]).toEqual([file, "600"]);
      }
    } finally {
      await dashboard.stop();
    }
  });
});
