import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tarBz2Package } from "../../test/helpers/application-packages.ts";
import { gzipSync } from "node:zlib";
import { pack as tarPack } from "tar-stream";
import { packageLimits } from "../applications/package-limits.ts";
import { imagePackageLimits } from "../images/image-package-limits.ts";
import { decodeBzip2 } from "./bzip2-decoder.ts";
import { TarParser } from "./tar-parser.ts";
import { UnpackBudget } from "./unpack-budget.ts";
import { memorySink } from "./unpacked-entry.ts";
import { unpackArchive } from "./unpack-archive.ts";
import type { UnpackedEntry } from "./unpacked-entry.ts";

function textOf(entry: UnpackedEntry): string {
  return entry.data === undefined ? "(dropped)" : Buffer.from(entry.data).toString();
}

const bomb = readFileSync(new URL("../../test/fixtures/bzip2-bomb.tar.bz2", import.meta.url));

function unpack(tarball: Uint8Array): Record<string, string> {
  const { entries } = unpackArchive(tarball, packageLimits);
  return Object.fromEntries(entries.map((entry) => [entry.path, textOf(entry)]));
}

function bzip2(data: Uint8Array): Buffer {
  return execFileSync("bzip2", ["-c"], { input: data });
}

/** A tar made by the system's tar in `format` (gnu: long names as ././@LongLink; posix: pax). */
function systemTar(format: "gnu" | "posix", files: Record<string, string>): Buffer {
  const directory = mkdtempSync(join(tmpdir(), "tar-test-"));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(directory, name, ".."), { recursive: true });
      writeFileSync(join(directory, name), content);
    }
    return execFileSync("tar", [
      `--format=${format}`,
      "-C",
      directory,
      "-cf",
      "-",
      ...Object.keys(files),
    ]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const longName = `extra-data/${"n".repeat(150)}.obb`;

describe("reading a tarball", () => {
  it("reads tarballs of tar-stream, GNU tar and pax, long names included", async () => {
    const files = { "manifest.yaml": "name: x\n", [longName]: "data", "extra-data/empty": "" };
    expect(unpack(await tarBz2Package(files))).toEqual(files);
    expect(unpack(bzip2(systemTar("gnu", files)))).toEqual(files);
    expect(unpack(bzip2(systemTar("posix", files)))).toEqual(files);
  });

  it("reads the same tarball plain and gzip-compressed, and says which it was", () => {
    const files = { "manifest.yaml": "name: x\n", [longName]: "data" };
    const tar = systemTar("posix", files);
    expect(unpack(tar)).toEqual(files);
    expect(unpack(gzipSync(tar))).toEqual(files);
    expect(unpackArchive(tar, packageLimits).format).toBe("tar");
    expect(unpackArchive(gzipSync(tar), packageLimits).format).toBe("tar.gz");
    expect(unpackArchive(bzip2(tar), packageLimits).format).toBe("tar.bz2");
  });

  it("reads a gzip tarball of several members, and refuses one cut between two entries", () => {
    const first = systemTar("gnu", { "manifest.yaml": "name: x\n" });
    const second = systemTar("gnu", { "app.apk": "apk" });
    // The first tar's entry alone (no end-of-archive blocks), then the whole second tar.
    const firstEntry = first.subarray(0, 1024);
    const members = Buffer.concat([gzipSync(firstEntry), gzipSync(second)]);
    expect(unpack(members)).toEqual({ "manifest.yaml": "name: x\n", "app.apk": "apk" });
    // A stream whose last deflate block ends at an entry's end, cut there: no trailer follows.
    const whole = gzipSync(Buffer.concat([firstEntry, second]));
    const cutAtBlock = gzipSync(firstEntry).subarray(0, -8);
    expect(() => unpack(cutAtBlock)).toThrow("the compressed data ends too early");
    expect(unpack(whole)).toEqual({ "manifest.yaml": "name: x\n", "app.apk": "apk" });
  });

  it("refuses two entries of one path, whichever the compression", async () => {
    const tar = await tarWith([
      ["manifest.yaml", "name: x\n"],
      ["app.apk", "one"],
      ["app.apk", "two"],
    ]);
    expect(() => unpack(tar)).toThrow('entry "app.apk" appears more than once');
    expect(() => unpack(gzipSync(tar))).toThrow('entry "app.apk" appears more than once');
  });

  it("refuses links where a package is unpacked, and skips them where it is only checked", () => {
    const directory = mkdtempSync(join(tmpdir(), "tar-links-"));
    try {
      writeFileSync(join(directory, "metadata.yaml"), "architecture: amd64\n");
      symlinkSync("metadata.yaml", join(directory, "link"));
      const tar = execFileSync("tar", ["-C", directory, "-cf", "-", "metadata.yaml", "link"]);
      expect(() => unpack(gzipSync(tar))).toThrow('entry "link" is a symlink');
      const { entries } = unpackArchive(gzipSync(tar), imagePackageLimits);
      expect(entries.map((entry) => entry.path)).toEqual(["metadata.yaml"]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("keeps only the wanted bytes", async () => {
    const tarball = await tarBz2Package({ "manifest.yaml": "name: x\n", "app.apk": "apk" });
    const { entries } = unpackArchive(tarball, packageLimits, (path) => path === "app.apk");
    expect(entries.map((entry) => [entry.path, textOf(entry)])).toEqual([
      ["manifest.yaml", "(dropped)"],
      ["app.apk", "apk"],
    ]);
  });

  it("refuses the 1 GiB bomb at its header, before decompressing its data", () => {
    const started = performance.now();
    expect(() => unpackArchive(bomb, packageLimits)).toThrow("decompression bomb");
    expect(() =>
      unpackArchive(bomb, { ...packageLimits, maxRatio: 1e9, maxUnpackedBytes: 64 * 1024 * 1024 }),
    ).toThrow("unpacks to more than 67108864 bytes");
    // Decompressing the 1 GiB takes the pure-JavaScript decoder several seconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("charges an entry when its header arrives, before any of its data", () => {
    // The bomb's first 1.5 KiB: manifest.yaml's header and data, then the 1 GiB file's header.
    let start: Uint8Array = new Uint8Array(0);
    decodeBzip2(bomb, (chunk) => {
      start = chunk.slice(0, 1536);
      return false;
    });
    const parser = new TarParser(
      new UnpackBudget(bomb.length, packageLimits),
      memorySink(() => true),
    );
    expect(() => parser.push(start)).toThrow("decompression bomb");
  });

  it("stops decompressing at the tar archive's end", async () => {
    const tarball = await tarBz2Package({ "manifest.yaml": "name: x\n" });
    // A second bzip2 stream that is garbage: decoding it would fail.
    const trailer = Buffer.concat([Buffer.from("BZh9"), Buffer.alloc(64, 7)]);
    expect(unpack(Buffer.concat([tarball, trailer]))).toEqual({ "manifest.yaml": "name: x\n" });
  });

  it("hands the output on in chunks and stops mid-block when the consumer throws", () => {
    const text = Buffer.from("0123456789abcdef".repeat(64 * 1024)); // 1 MiB, one block
    const compressed = execFileSync("bzip2", ["-c"], { input: text });
    const chunks: Buffer[] = [];
    decodeBzip2(compressed, (chunk) => chunks.push(Buffer.from(chunk)) > 0, 4096);
    expect(Buffer.concat(chunks).equals(text)).toBe(true);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBe(4096);
    let calls = 0;
    expect(() => {
      decodeBzip2(
        compressed,
        () => {
          if (++calls === 3) throw new Error("over budget");
          return true;
        },
        4096,
      );
    }).toThrow("over budget");
    expect(calls).toBe(3);
  });

  it("refuses truncated, corrupted and malformed tarballs", async () => {
    const tarball = await tarBz2Package({ "manifest.yaml": "name: x\n".repeat(100) });
    expect(() => unpack(tarball.subarray(0, tarball.length - 20))).toThrow("tarball is damaged");
    const corrupted = Buffer.from(tarball);
    const middle = Math.floor(corrupted.length / 2);
    corrupted.writeUInt8(corrupted.readUInt8(middle) ^ 0xff, middle);
    expect(() => unpack(corrupted)).toThrow("tarball is damaged");
    expect(() => unpack(bzip2(Buffer.alloc(1024, 0x41)))).toThrow(
      "the tarball is damaged (a header holds a malformed number)",
    );
    const gzipped = gzipSync(systemTar("gnu", { "manifest.yaml": "name: x\n".repeat(100) }));
    // Every cut from its magic number (two bytes) on is refused, the trailer's included: the rest
    // of the input is read after the tar archive's end to check the trailer.
    for (let cut = 2; cut < gzipped.length; cut++) {
      expect(() => unpack(gzipped.subarray(0, cut))).toThrow("the tarball is damaged");
    }
    const wrongCrc = Buffer.from(gzipped);
    wrongCrc.writeUInt32LE(
      (wrongCrc.readUInt32LE(wrongCrc.length - 8) ^ 1) >>> 0,
      wrongCrc.length - 8,
    );
    expect(() => unpack(wrongCrc)).toThrow("the tarball is damaged (it fails its CRC check)");
    expect(() => unpack(gzipSync(Buffer.from("hello ".repeat(200))))).toThrow(
      "the tarball is damaged",
    );
    const tar = systemTar("gnu", { "manifest.yaml": "name: x\n" });
    const renamed = Buffer.from(tar);
    renamed[0] = "M".charCodeAt(0); // the header's checksum no longer matches
    expect(() => unpack(bzip2(renamed))).toThrow("a tar header's checksum is wrong");
    expect(() => unpack(bzip2(tar.subarray(0, 700)))).toThrow("ends inside an entry");
  });
});

/** A tar of these entries in this order, a path possibly twice (tar-stream writes what it is given). */
async function tarWith(entries: [string, string][]): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk: unknown) => {
    chunks.push(Buffer.from(chunk as Uint8Array));
  });
  const ended = new Promise<void>((resolve) => {
    pack.on("end", () => {
      resolve();
    });
  });
  for (const [name, content] of entries) pack.entry({ name }, content);
  pack.finalize();
  await ended;
  return Buffer.concat(chunks);
}
