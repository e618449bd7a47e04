// Archives that every package must be refused for, whatever its kind (an application's or an
// image's): one archive reader reads both (src/archive/), and both kinds' upload tests run this
// table. Each is built around the files its kind needs (`manifest.yaml`, `metadata.yaml`), so
// that the hostile part is the only thing wrong with it.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { compress, tarArchive } from "./image-packages.ts";
import { tarBz2Package, zipPackage, type PackageFiles } from "./application-packages.ts";

export interface HostileArchive {
  label: string;
  build: (needed: PackageFiles) => Promise<Buffer>;
  /** What the refusal (a 400) says. */
  message: string;
}

/** 1 GiB of zeros in a 956-byte bzip2 tarball, beside a manifest (see fixtures/README.md). */
const bzip2Bomb = readFileSync(new URL("../fixtures/bzip2-bomb.tar.bz2", import.meta.url));

function half(data: Buffer): Buffer {
  return data.subarray(0, Math.floor(data.length / 2));
}

export const hostileArchives: HostileArchive[] = [
  {
    label: "bytes that are no archive",
    build: () => Promise.resolve(Buffer.from("just some text, not an archive at all")),
    message: "neither a zip archive nor a tarball",
  },
  {
    label: "an xz-compressed tarball",
    build: async (needed) => compress(await tarArchive(needed), "xz"),
    message: "xz compression is not supported: recompress the tarball with gzip",
  },
  {
    label: "a zip entry that climbs out",
    build: (needed) => Promise.resolve(zipPackage({ ...needed, "../evil.sh": "x" })),
    message: 'entry "../evil.sh" points outside the package',
  },
  {
    label: "a zip entry with an absolute path",
    build: (needed) => Promise.resolve(zipPackage({ ...needed, "/etc/evil": "x" })),
    message: "absolute path",
  },
  {
    label: "a bzip2 tarball entry that climbs out",
    build: (needed) => tarBz2Package({ ...needed, "extra-data/../../evil": "x" }),
    message: "points outside the package",
  },
  {
    label: "a gzip tarball entry with an absolute path",
    build: async (needed) => gzipSync(await tarArchive({ ...needed, "/tmp/evil": "x" })),
    message: "absolute path",
  },
  {
    label: "a zip bomb (64 MiB of zeros)",
    build: (needed) =>
      Promise.resolve(
        Buffer.from(
          zipSync(
            {
              ...Object.fromEntries(
                Object.entries(needed).map(([path, content]) => [path, Buffer.from(content)]),
              ),
              zeros: new Uint8Array(64 * 1024 * 1024),
            },
            { level: 9 },
          ),
        ),
      ),
    message: "decompression bomb",
  },
  {
    label: "a bzip2 bomb (1 GiB of zeros)",
    build: () => Promise.resolve(bzip2Bomb),
    message: "decompression bomb",
  },
  {
    label: "a truncated zip",
    build: (needed) => Promise.resolve(half(zipPackage({ ...needed, blob: "y".repeat(10_000) }))),
    message: "the zip archive is truncated or damaged",
  },
  {
    label: "a truncated gzip tarball",
    build: async (needed) =>
      half(gzipSync(await tarArchive({ ...needed, blob: "y".repeat(10_000) }))),
    message: "the tarball is damaged",
  },
  {
    label: "a truncated bzip2 tarball",
    build: async (needed) => half(await tarBz2Package(needed)),
    message: "the tarball is damaged",
  },
  {
    label: "garbled bzip2 data",
    build: () => Promise.resolve(Buffer.concat([Buffer.from("BZh9"), Buffer.alloc(200, 7)])),
    message: "the tarball is damaged",
  },
];
