import { requireArchiveFormat, type ArchiveFormat } from "./archive/archive-format.ts";
import { unpackInWorker } from "./archive/run-archive-worker.ts";
import { packageLimits, type PackageLimits } from "./package-limits.ts";

/** A file of an archive: a safe relative path ("extra-data/a/b.obb") and its bytes. */
export interface ArchiveEntry {
  path: string;
  data: Buffer;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Unpacks a zip or bzip2 tarball in memory, within `limits`, in a worker thread (see
 * `archive/README.md`). Every refusal is an `HttpError` (4xx) whose message names the problem;
 * nothing is written anywhere.
 */
export async function readArchive(
  data: Buffer,
  limits: PackageLimits = packageLimits,
): Promise<{ format: ArchiveFormat; entries: ArchiveEntry[] }> {
  // Bytes that are no archive at all are refused here, without starting a worker.
  requireArchiveFormat(data);
  const archive = await unpackInWorker(data, limits, undefined);
  return {
    format: archive.format,
    entries: archive.entries.map(({ path, data: bytes }) => {
      if (bytes === undefined) throw new Error(`The archive reader dropped the bytes of ${path}`);
      return { path, data: toBuffer(bytes) };
    }),
  };
}

/**
 * Unpacks and checks a whole archive as `readArchive` does, but answers only the paths of its
 * files and the bytes of those in `wanted`: what checking an upload needs, without holding its
 * contents on this thread.
 */
export async function inspectArchive(
  data: Buffer,
  wanted: readonly string[],
  limits: PackageLimits = packageLimits,
): Promise<{ format: ArchiveFormat; paths: string[]; files: Map<string, Buffer> }> {
  requireArchiveFormat(data);
  const archive = await unpackInWorker(data, limits, [...wanted]);
  const files = new Map<string, Buffer>();
  for (const { path, data: bytes } of archive.entries) {
    if (bytes !== undefined) files.set(path, toBuffer(bytes));
  }
  return { format: archive.format, paths: archive.entries.map(({ path }) => path), files };
}
