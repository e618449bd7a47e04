import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough, type Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { extract as tarExtract } from "tar-stream";
import bz2 from "unbzip2-stream";
import { parse as parseYaml } from "yaml";
import { HttpError } from "@anbox-dashboard/http-kit";
import { releaseDeadBuffers } from "@anbox-dashboard/http-kit";

/** What an image package tells about its image (its top-level `metadata.yaml`). */
export interface ImagePackageMetadata {
  /** As the cluster stores architectures: x86_64 or aarch64. */
  architecture: string;
  variant: "android" | "aaos";
}

type Compression = "gzip" | "bzip2" | "none";

const metadataFileName = "metadata.yaml";
const maxMetadataBytes = 64 * 1024;
const releaseEveryBytes = 8 * 1024 * 1024;

/** Architectures a package may name, mapped to the names images are stored with. */
const architectures: Record<string, string> = {
  x86_64: "x86_64",
  amd64: "x86_64",
  aarch64: "aarch64",
  arm64: "aarch64",
};

function invalid(reason: string): HttpError {
  return new HttpError(400, `Invalid image package: ${reason}`);
}

/** The compression of a package, from its first bytes (its name is not trusted). */
function detectCompression(head: Buffer): Compression {
  if (head[0] === 0x1f && head[1] === 0x8b) return "gzip";
  if (head.subarray(0, 3).toString("latin1") === "BZh") return "bzip2";
  if (head.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) {
    throw invalid("xz compression is not supported: recompress the tarball with gzip");
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]))) {
    throw invalid("zstd compression is not supported: recompress the tarball with gzip");
  }
  if (head.subarray(257, 262).toString("latin1") === "ustar") return "none";
  throw invalid("it is not a tar archive (plain, gzip- or bzip2-compressed)");
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function decompressor(compression: Compression): NodeJS.ReadWriteStream {
  if (compression === "gzip") return createGunzip();
  if (compression === "bzip2") return bz2();
  return new PassThrough();
}

/** "./metadata.yaml" and "metadata.yaml" are the top-level file; anything in a folder is not. */
function isTopLevelMetadata(name: string): boolean {
  return name.replace(/^(\.\/)+/, "") === metadataFileName;
}

async function readEntry(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const data of entry) {
    const chunk = Buffer.from(data as Uint8Array);
    size += chunk.length;
    if (size > maxMetadataBytes) throw invalid(`${metadataFileName} is larger than 64 KiB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Finds and reads the top-level `metadata.yaml` of a tar archive streamed from `path`: the
 * archive is decompressed as it is read, entries before the metadata are skipped unread, and
 * reading stops once it is found. Undefined when the archive ends without one.
 */
async function findMetadata(path: string, compression: Compression): Promise<Buffer | undefined> {
  const source = createReadStream(path);
  const decompress = decompressor(compression);
  const extract = tarExtract();
  const failures: unknown[] = [];
  const fail = (error: unknown) => {
    failures.push(error);
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  source.on("error", fail);
  let read = 0;
  source.on("data", (chunk: Buffer | string) => {
    const before = read;
    read += chunk.length;
    // An image's metadata may come after gigabytes: its chunks must not pile up meanwhile.
    if (Math.floor(read / releaseEveryBytes) > Math.floor(before / releaseEveryBytes)) {
      releaseDeadBuffers();
    }
  });
  decompress.on("error", fail);
  source.pipe(decompress);
  (decompress as unknown as Readable).pipe(extract);
  try {
    for await (const entry of extract) {
      if (entry.header.type === "file" && isTopLevelMetadata(entry.header.name)) {
        return await readEntry(entry);
      }
      entry.resume();
    }
    if (failures.length > 0) throw failures[0];
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const what = compression === "none" ? "tar archive" : `${compression}-compressed tar archive`;
    throw invalid(`it is not a valid ${what} (${describe(error)})`);
  } finally {
    source.destroy();
    (decompress as unknown as Readable).destroy();
    extract.destroy();
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // The bzip2 decoder's own messages are terse ("moo i'm a cow"); name what they mean.
  if (/cow|crc|bzip/i.test(message)) return "bad bzip2 data";
  return message.split("\n")[0] ?? "unreadable";
}

/**
 * Checks the image package at `path`: a tar archive, plain or gzip- or bzip2-compressed, with a
 * top-level `metadata.yaml` naming a known architecture. Streamed from the file, so a package of
 * any size takes a few chunks of memory. A 400 names what is wrong.
 */
export async function readImagePackage(path: string): Promise<ImagePackageMetadata> {
  const compression = detectCompression(await readHead(path));
  const data = await findMetadata(path, compression);
  if (data === undefined) throw invalid(`it has no ${metadataFileName} at its top level`);
  let document: unknown;
  try {
    document = parseYaml(data.toString("utf8"), { maxAliasCount: 100 });
  } catch {
    throw invalid(`${metadataFileName} is not valid YAML`);
  }
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw invalid(`${metadataFileName} must be a map of keys (architecture, ...)`);
  }
  const fields = document as Record<string, unknown>;
  const named = fields.architecture;
  const architecture = typeof named === "string" ? architectures[named] : undefined;
  if (architecture === undefined) {
    throw invalid(
      `${metadataFileName}: architecture must be one of ${Object.keys(architectures).join(", ")}${
        named === undefined ? " (it is missing)" : `, not ${JSON.stringify(named)}`
      }`,
    );
  }
  return { architecture, variant: fields.variant === "aaos" ? "aaos" : "android" };
}
