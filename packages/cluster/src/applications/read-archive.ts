import { Readable } from "node:stream";
import { unzipSync, type UnzipFileInfo } from "fflate";
import bz2 from "unbzip2-stream";
import { extract as tarExtract, type Header as TarHeader } from "tar-stream";
import { AmsError } from "../ams/envelope.ts";
import { packageLimits, type PackageLimits } from "./package-limits.ts";

/** A file of an archive: a safe relative path ("extra-data/a/b.obb") and its bytes. */
export interface ArchiveEntry {
  path: string;
  data: Buffer;
}

export type ArchiveFormat = "zip" | "tar.bz2";

/** Which archive the bytes are, from their magic number; undefined when neither. */
export function detectArchiveFormat(data: Uint8Array): ArchiveFormat | undefined {
  if (data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b) {
    if ((data[2] === 3 && data[3] === 4) || (data[2] === 5 && data[3] === 6)) return "zip";
  }
  if (data.length >= 3 && data[0] === 0x42 && data[1] === 0x5a && data[2] === 0x68)
    return "tar.bz2";
  return undefined;
}

/**
 * A safe relative path for an archive entry name, `undefined` for a directory entry. Refuses
 * absolute paths and `..` segments (zip-slip): an entry must never land outside its directory.
 */
export function safeEntryPath(name: string): string | undefined {
  if (name.includes("\0"))
    throw new AmsError(400, `Invalid package: entry name contains a NUL byte`);
  const normalized = name.replaceAll("\\", "/");
  if (normalized.startsWith("/") || /^[A-Za-z]:/.test(normalized)) {
    throw new AmsError(400, `Invalid package: entry "${name}" has an absolute path`);
  }
  const segments = normalized.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) {
    throw new AmsError(400, `Invalid package: entry "${name}" points outside the package ("..")`);
  }
  if (segments.length === 0 || normalized.endsWith("/")) return undefined;
  return segments.join("/");
}

/** Counts what an archive unpacks to and refuses it as soon as a limit is passed. */
class UnpackBudget {
  private entries = 0;
  private bytes = 0;
  private readonly packedBytes: number;
  private readonly limits: PackageLimits;

  constructor(packedBytes: number, limits: PackageLimits) {
    this.packedBytes = packedBytes;
    this.limits = limits;
  }

  addEntry(): void {
    this.entries++;
    if (this.entries > this.limits.maxEntries) {
      throw new AmsError(
        400,
        `Invalid package: it holds more than ${this.limits.maxEntries} entries`,
      );
    }
  }

  addBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxUnpackedBytes) {
      throw new AmsError(
        413,
        `Invalid package: it unpacks to more than ${this.limits.maxUnpackedBytes} bytes`,
      );
    }
    if (
      this.bytes > this.limits.ratioFloorBytes &&
      this.bytes > this.packedBytes * this.limits.maxRatio
    ) {
      throw new AmsError(
        400,
        `Invalid package: it unpacks to more than ${this.limits.maxRatio} times its size (a decompression bomb?)`,
      );
    }
  }
}

/**
 * Unpacks a zip or bzip2 tarball in memory, within `limits`. Every refusal is an `AmsError` (4xx)
 * whose message names the problem; nothing is written anywhere.
 */
export async function readArchive(
  data: Buffer,
  limits: PackageLimits = packageLimits,
): Promise<{ format: ArchiveFormat; entries: ArchiveEntry[] }> {
  const format = detectArchiveFormat(data);
  if (format === undefined) {
    throw new AmsError(
      400,
      "Invalid package: it is neither a zip archive nor a bzip2-compressed tarball",
    );
  }
  const budget = new UnpackBudget(data.length, limits);
  const entries = format === "zip" ? readZip(data, budget) : await readTarBz2(data, budget);
  return { format, entries };
}

function readZip(data: Buffer, budget: UnpackBudget): ArchiveEntry[] {
  // First pass: list the central directory without inflating anything, and refuse the archive on
  // its declared sizes, entry count and paths before any memory is spent on it.
  const listed: UnzipFileInfo[] = [];
  const damaged = (error: unknown): AmsError =>
    new AmsError(
      400,
      `Invalid package: the zip archive is truncated or damaged (${error instanceof Error ? error.message : String(error)})`,
    );
  try {
    unzipSync(data, {
      filter: (file) => {
        listed.push(file);
        return false;
      },
    });
  } catch (error) {
    throw damaged(error);
  }
  const paths = new Map<string, string>();
  for (const file of listed) {
    budget.addEntry();
    const path = safeEntryPath(file.name);
    if (path === undefined) continue;
    if (file.compression !== 0 && file.compression !== 8) {
      throw new AmsError(
        400,
        `Invalid package: entry "${file.name}" uses an unsupported compression method (${file.compression})`,
      );
    }
    budget.addBytes(file.originalSize);
    paths.set(file.name, path);
  }
  // Second pass: inflate. fflate writes each entry into a buffer of its declared size, so an entry
  // that lies about its size cannot grow past what was checked above.
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, { filter: (file) => paths.has(file.name) });
  } catch (error) {
    throw damaged(error);
  }
  return Object.entries(files).map(([name, content]) => ({
    path: paths.get(name) ?? name,
    data: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
  }));
}

async function readTarBz2(data: Buffer, budget: UnpackBudget): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const extract = tarExtract();
  const source = Readable.from([data]);
  const decompress = bz2();
  const done = new Promise<void>((resolve, reject) => {
    const fail = (error: unknown): void => {
      source.destroy();
      extract.destroy();
      reject(
        error instanceof AmsError
          ? error
          : new AmsError(
              400,
              `Invalid package: the bzip2 tarball is damaged (${error instanceof Error ? error.message : String(error)})`,
            ),
      );
    };
    decompress.on("error", fail);
    extract.on("error", fail);
    extract.on("finish", () => {
      resolve();
    });
    extract.on("entry", (header: TarHeader, stream, next) => {
      try {
        budget.addEntry();
        if (header.type !== "file" && header.type !== "directory") {
          throw new AmsError(
            400,
            `Invalid package: entry "${header.name}" is a ${header.type}; only files and directories are allowed`,
          );
        }
        const path = safeEntryPath(header.type === "directory" ? `${header.name}/` : header.name);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: unknown) => {
          try {
            const bytes = Buffer.from(chunk as Uint8Array);
            budget.addBytes(bytes.length);
            chunks.push(bytes);
          } catch (error) {
            fail(error);
          }
        });
        stream.on("end", () => {
          if (path !== undefined) entries.push({ path, data: Buffer.concat(chunks) });
          next();
        });
      } catch (error) {
        fail(error);
      }
    });
  });
  source.pipe(decompress).pipe(extract);
  await done;
  return entries;
}
