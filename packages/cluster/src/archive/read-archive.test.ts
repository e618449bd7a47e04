import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { zipSync, strToU8 } from "fflate";
import { inspectArchive, readArchive, unpackArchiveTo } from "./read-archive.ts";
import { gzipSync } from "node:zlib";
import { detectArchiveFormat } from "./archive-format.ts";
import { safeEntryPath } from "./safe-entry-path.ts";
import { packageLimits } from "../applications/package-limits.ts";

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
  it("knows zips, tarballs and their compressions by their magic numbers", () => {
    expect(detectArchiveFormat(strToU8("PK\u0003\u0004rest"))).toBe("zip");
    expect(detectArchiveFormat(strToU8("BZh91AY"))).toBe("tar.bz2");
    expect(detectArchiveFormat(gzipSync("x"))).toBe("tar.gz");
    const plainTar = new Uint8Array(512);
    plainTar.set(strToU8("ustar"), 257);
    expect(detectArchiveFormat(plainTar)).toBe("tar");
    expect(detectArchiveFormat(strToU8("just text"))).toBeUndefined();
  });

  it("refuses xz and zstd by name, and what is no archive at all, before starting a worker", async () => {
    const xz = Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1, 2]);
    const zstd = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2]);
    await expect(readArchive(archiveFile(xz), packageLimits)).rejects.toThrow(
      "xz compression is not supported: recompress the tarball with gzip",
    );
    await expect(readArchive(archiveFile(zstd), packageLimits)).rejects.toThrow(
      "zstd compression is not supported",
    );
    await expect(readArchive(archiveFile(strToU8("text")), packageLimits)).rejects.toThrow(
      "neither a zip archive nor a tarball",
    );
  });

  it("refuses a wanted file declared larger than its bound, at its header", async () => {
    const zip = Buffer.from(zipSync({ "manifest.yaml": new Uint8Array(2048) }, { level: 0 }));
    await expect(
      inspectArchive(archiveFile(zip), { paths: ["manifest.yaml"], maxBytes: 1024 }, packageLimits),
    ).rejects.toThrow("Invalid package: manifest.yaml is larger than 1024 bytes");
  });

  it("stops the worker and refuses the package past its time budget", async () => {
    const zip = Buffer.from(zipSync({ "a.txt": strToU8("A") }));
    // A worker takes tens of milliseconds to start: no answer can come before a budget of 0 s.
    await expect(
      readArchive(archiveFile(zip), { ...packageLimits, maxSeconds: 0 }),
    ).rejects.toThrow("Invalid package: it takes more than 0 seconds to unpack");
    // The slot it held is free again: the next package is read.
    expect((await readArchive(archiveFile(zip), packageLimits)).entries).toHaveLength(1);
  });

  it("reads the files of a zip and skips directory entries", async () => {
    const zip = Buffer.from(
      zipSync({ "a.txt": strToU8("A"), "d/": new Uint8Array(0), "d/b.txt": strToU8("B") }),
    );
    const { format, entries } = await readArchive(archiveFile(zip), packageLimits);
    expect(format).toBe("zip");
    expect(entries.map((entry) => [entry.path, entry.data.toString()])).toEqual([
      ["a.txt", "A"],
      ["d/b.txt", "B"],
    ]);
  });

  it("inspects an archive: every path, and the bytes of the wanted files only", async () => {
    const zip = Buffer.from(zipSync({ "a.txt": strToU8("A"), "d/b.txt": strToU8("B") }));
    const { paths, files } = await inspectArchive(
      archiveFile(zip),
      { paths: ["d/b.txt"], maxBytes: 1024 },
      packageLimits,
    );
    expect(paths).toEqual(["a.txt", "d/b.txt"]);
    expect([...files].map(([path, data]) => [path, data.toString()])).toEqual([["d/b.txt", "B"]]);
  });

  it("answers the worker's refusals as they are", async () => {
    const zip = Buffer.from(zipSync({ "../x": strToU8("A") }));
    await expect(
      inspectArchive(archiveFile(zip), { paths: [], maxBytes: 0 }, packageLimits),
    ).rejects.toMatchObject({
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
    const { paths } = await unpackArchiveTo(archiveFile(zip), target, packageLimits);
    expect(paths).toEqual(["a.txt", "d/b.txt"]);
    expect(readdirSync(target).sort()).toEqual(["a.txt", "d"]);
    expect(readFileSync(join(target, "d/b.txt"), "utf8")).toBe("B".repeat(3000));
  });
});
