import { describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { crc32 } from "node:zlib";
import { buildZip, deflatedPart, type ZipPart } from "../../test/helpers/zip-builder.ts";
import { packageLimits } from "../applications/package-limits.ts";
import { unpackArchive } from "./unpack-archive.ts";
import type { UnpackedEntry } from "./unpacked-entry.ts";

function textOf(entry: UnpackedEntry): string {
  return entry.data === undefined ? "(dropped)" : Buffer.from(entry.data).toString();
}

function unpack(zip: Uint8Array): Record<string, string> {
  const { entries } = unpackArchive(zip, packageLimits);
  return Object.fromEntries(entries.map((entry) => [entry.path, textOf(entry)]));
}

function storedPart(name: string, content: string): ZipPart {
  const bytes = Buffer.from(content);
  return { name, method: 0, packed: bytes, crc32: crc32(bytes), size: bytes.length };
}

describe("reading a zip", () => {
  it("reads what fflate writes, stored and deflated", () => {
    const zip = zipSync(
      { "a.txt": strToU8("A".repeat(100)), "d/": new Uint8Array(0) },
      { level: 9 },
    );
    expect(unpack(zip)).toEqual({ "a.txt": "A".repeat(100) });
    expect(unpack(zipSync({ "b.txt": strToU8("B") }, { level: 0 }))).toEqual({ "b.txt": "B" });
  });

  it("reads entries whose local header defers to a data descriptor, and zip64 records", () => {
    const parts = [
      { ...deflatedPart("manifest.yaml", "name: x\n"), dataDescriptor: true },
      storedPart("app.apk", "apk"),
    ];
    expect(unpack(buildZip(parts))).toEqual({ "manifest.yaml": "name: x\n", "app.apk": "apk" });
    expect(unpack(buildZip(parts, { zip64: true }))).toEqual({
      "manifest.yaml": "name: x\n",
      "app.apk": "apk",
    });
  });

  it("refuses an entry that inflates past its declared size", () => {
    const part = deflatedPart("big.bin", "x".repeat(5000));
    expect(() => unpack(buildZip([{ ...part, size: 100, local: { size: 100 } }]))).toThrow(
      'entry "big.bin" unpacks to more than the 100 bytes the archive declares for it',
    );
  });

  it("refuses an entry that inflates to less than its declared size", () => {
    const part = deflatedPart("small.bin", "x".repeat(50));
    expect(() => unpack(buildZip([{ ...part, size: 80, local: { size: 80 } }]))).toThrow(
      'entry "small.bin" unpacks to 50 bytes, not the 80 bytes the archive declares for it',
    );
    const stored = storedPart("stored.bin", "abc");
    expect(() => unpack(buildZip([{ ...stored, size: 2, local: { size: 2 } }]))).toThrow(
      'entry "stored.bin" unpacks to 3 bytes, not the 2',
    );
  });

  it("refuses an entry whose CRC-32 is wrong, deflated or stored", () => {
    for (const part of [deflatedPart("a.txt", "hello"), storedPart("a.txt", "hello")]) {
      const wrong = (part.crc32 ^ 1) >>> 0;
      expect(() => unpack(buildZip([{ ...part, crc32: wrong, local: { crc32: wrong } }]))).toThrow(
        'entry "a.txt" fails its CRC-32 check',
      );
    }
  });

  it("refuses local headers that disagree with the central directory", () => {
    const part = deflatedPart("a.txt", "hello");
    const cases: [ZipPart["local"], string][] = [
      [{ name: "b.txt" }, "name"],
      [{ size: 6 }, "size"],
      [{ crc32: 1 }, "CRC-32"],
      [{ method: 0 }, "compression method"],
    ];
    for (const [local, field] of cases) {
      expect(() => unpack(buildZip([{ ...part, local }]))).toThrow(
        `entry "a.txt" has a local header whose ${field} differs from the central directory's`,
      );
    }
  });

  it("keeps only the wanted bytes, yet checks every file", () => {
    const parts = [deflatedPart("a.txt", "A"), storedPart("b.txt", "B")];
    const wanted = (path: string): boolean => path === "a.txt";
    const { entries } = unpackArchive(buildZip(parts), packageLimits, wanted);
    expect(entries.map((entry) => [entry.path, textOf(entry)])).toEqual([
      ["a.txt", "A"],
      ["b.txt", "(dropped)"],
    ]);
    const wrong = { ...storedPart("b.txt", "B"), crc32: 7, local: { crc32: 7 } };
    expect(() =>
      unpackArchive(buildZip([parts[0] ?? wrong, wrong]), packageLimits, wanted),
    ).toThrow('entry "b.txt" fails its CRC-32 check');
  });

  it("refuses two entries of one path", () => {
    const zip = buildZip([storedPart("a.txt", "one"), storedPart("./a.txt", "two")]);
    expect(() => unpack(zip)).toThrow('entry "a.txt" appears more than once');
  });

  it("refuses declared sizes past the budget before inflating anything", () => {
    // The content is 10 bytes but declares 2 MiB: refused on the declaration alone.
    const part = deflatedPart("a.bin", "0123456789");
    const zip = buildZip([{ ...part, size: 2 * 1024 * 1024, local: { size: 2 * 1024 * 1024 } }]);
    expect(() => unpackArchive(zip, { ...packageLimits, maxUnpackedBytes: 1024 * 1024 })).toThrow(
      "unpacks to more than 1048576 bytes",
    );
  });

  it("refuses truncated archives and directories pointing past their end", () => {
    const zip = buildZip([storedPart("a.txt", "hello")]);
    expect(() => unpack(zip.subarray(0, zip.length - 5))).toThrow(
      "zip archive is truncated or damaged",
    );
    const moved = Buffer.from(zip);
    moved.writeUInt32LE(zip.length, zip.length - 6); // the central directory's offset
    expect(() => unpack(moved)).toThrow("zip archive is truncated or damaged");
  });
});
