import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { zipSync, strToU8 } from "fflate";
import { inspectArchive, readArchive, unpackArchiveTo } from "./read-archive.ts";
import { detectArchiveFormat } from "./archive/archive-format.ts";
import { safeEntryPath } from "./archive/safe-entry-path.ts";
import { packageLimits } from "./package-limits.ts";

describe("safeEntryPath", () => {
  it("keeps relative paths, normalised", () => {
    expect(safeEntryPath("manifest.yaml")).toBe("manifest.yaml");
    expect(safeEntryPath("./extra-data//a/b.obb")).toBe("extra-data/a/b.obb");
    expect(safeEntryPath("extra-data/")).toBeUndefined();
  });

  it("refuses paths that leave the package", () => {
    expect(() => safeEntryPath("../x")).toThrow("points outside");
    expect(() => safeEntryPath("a/../../x")).toThrow("points outside");
    expect(() => safeEntryPath("a\\..\\..\\x")).toThrow("points outside");
    expect(() => safeEntryPath("/etc/passwd")).toThrow("absolute path");
    expect(() => safeEntryPath("C:/Windows")).toThrow("absolute path");
  });
});

const directory = mkdtempSync(join(tmpdir(), "read-archive-"));
let files = 0;

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** The archive as a file: the readers take files, read by offset. */
function archiveFile(data: Uint8Array): string {
  const path = join(directory, `archive-${++files}`);
  writeFileSync(path, data);
  return path;
}

describe("readArchive", () => {
  it("knows zips and bzip2 data by their magic numbers", () => {
    expect(detectArchiveFormat(strToU8("PK\u0003\u0004rest"))).toBe("zip");
    expect(detectArchiveFormat(strToU8("BZh91AY"))).toBe("tar.bz2");
    expect(detectArchiveFormat(strToU8("\u001f\u008b gzip"))).toBeUndefined();
  });

  it("reads the files of a zip and skips directory entries", async () => {
    const zip = Buffer.from(
      zipSync({ "a.txt": strToU8("A"), "d/": new Uint8Array(0), "d/b.txt": strToU8("B") }),
    );
    const { format, entries } = await readArchive(archiveFile(zip));
    expect(format).toBe("zip");
    expect(entries.map((entry) => [entry.path, entry.data.toString()])).toEqual([
      ["a.txt", "A"],
      ["d/b.txt", "B"],
    ]);
  });

  it("inspects an archive: every path, and the bytes of the wanted files only", async () => {
    const zip = Buffer.from(zipSync({ "a.txt": strToU8("A"), "d/b.txt": strToU8("B") }));
    const { paths, files } = await inspectArchive(archiveFile(zip), ["d/b.txt"]);
    expect(paths).toEqual(["a.txt", "d/b.txt"]);
    expect([...files].map(([path, data]) => [path, data.toString()])).toEqual([["d/b.txt", "B"]]);
  });

  it("answers the worker's refusals as they are", async () => {
    const zip = Buffer.from(zipSync({ "../x": strToU8("A") }));
    await expect(inspectArchive(archiveFile(zip), [])).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invalid package: entry "../x" points outside the package ("..")',
    });
  });

  it("refuses a zip that unpacks past the limit", async () => {
    const zip = Buffer.from(zipSync({ "big.bin": new Uint8Array(2048) }, { level: 0 }));
    await expect(
      readArchive(archiveFile(zip), { ...packageLimits, maxUnpackedBytes: 1024 }),
    ).rejects.toThrow("unpacks to more than 1024 bytes");
  });

  it("unpacks an archive into a directory, a file at a time", async () => {
    const zip = zipSync({ "a.txt": strToU8("A"), "d/b.txt": strToU8("B".repeat(3000)) });
    const target = join(directory, "unpacked");
    const { paths } = await unpackArchiveTo(archiveFile(zip), target);
    expect(paths).toEqual(["a.txt", "d/b.txt"]);
    expect(readdirSync(target).sort()).toEqual(["a.txt", "d"]);
    expect(readFileSync(join(target, "d/b.txt"), "utf8")).toBe("B".repeat(3000));
  });
});
