import { open } from "node:fs/promises";
import type { ArchiveLimits } from "./archive-limits.ts";
import { formatHeadBytes, requireArchiveFormat, type ArchiveFormat } from "./archive-format.ts";
import { unpackInWorker } from "./run-archive-worker.ts";

/** A file of an archive: a safe relative path ("extra-data/a/b.obb") and its bytes. */
export interface ArchiveEntry {
  path: string;
  data: Buffer;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Bytes that are no archive at all are refused from their first bytes, without starting a worker. */
async function requireArchiveFile(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(formatHeadBytes);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    requireArchiveFormat(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks the archive at `path` (zip, tar, tar.gz or tar.bz2) in memory, within `limits`, in a
 * worker thread (see `README.md`). Every refusal is an `HttpError` (4xx) whose message names the
 * problem; nothing is written anywhere. For small archives (tests, tools): a package is checked
 * with `inspectArchive` and unpacked to its directory by `unpackArchiveTo`.
 */
export async function readArchive(
  path: string,
  limits: ArchiveLimits,
): Promise<{ format: ArchiveFormat; entries: ArchiveEntry[] }> {
  await requireArchiveFile(path);
  const archive = await unpackInWorker({ path, limits, keepPaths: undefined });
  return {
    format: archive.format,
    entries: archive.entries.map(({ path: entryPath, data: bytes }) => {
      if (bytes === undefined)
        throw new Error(`The archive reader dropped the bytes of ${entryPath}`);
      return { path: entryPath, data: toBuffer(bytes) };
    }),
  };
}

/** The files of an archive whose bytes a check needs (a manifest, a metadata file), and their bound. */
export interface WantedFiles {
  paths: readonly string[];
  /** One declared larger is refused at its header. */
  maxBytes: number;
}

/**
 * Unpacks and checks a whole archive as `readArchive` does, but answers only the paths of its
 * files and the bytes of the `wanted` ones: what checking an upload needs, with a few buffers of
 * memory whatever its size.
 */
export async function inspectArchive(
  path: string,
  wanted: WantedFiles,
  limits: ArchiveLimits,
): Promise<{ format: ArchiveFormat; paths: string[]; files: Map<string, Buffer> }> {
  await requireArchiveFile(path);
  const archive = await unpackInWorker({
    path,
    limits,
    keepPaths: [...wanted.paths],
    maxKeptBytes: wanted.maxBytes,
  });
  const files = new Map<string, Buffer>();
  for (const { path: entryPath, data: bytes } of archive.entries) {
    if (bytes !== undefined) files.set(entryPath, toBuffer(bytes));
  }
  return {
    format: archive.format,
    paths: archive.entries.map(({ path: entryPath }) => entryPath),
    files,
  };
}

/**
 * Unpacks and checks the archive at `path` as `readArchive` does, writing each file under
 * `directory` as it is unpacked (a chunk at a time, from the worker). On a refusal the files
 * written so far stay: the caller removes the directory.
 */
export async function unpackArchiveTo(
  path: string,
  directory: string,
  limits: ArchiveLimits,
): Promise<{ format: ArchiveFormat; paths: string[] }> {
  await requireArchiveFile(path);
  const archive = await unpackInWorker({
    path,
    limits,
    keepPaths: [],
    outputDirectory: directory,
  });
  return { format: archive.format, paths: archive.entries.map(({ path: entryPath }) => entryPath) };
}
