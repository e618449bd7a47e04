import { crc32 } from "node:zlib";
import { Inflate } from "fflate";
import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveSource } from "./archive-source.ts";
import { safeEntryPath } from "./safe-entry-path.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import type { EntrySink, EntryWriter, UnpackedEntry } from "./unpacked-entry.ts";
import { zipRecords, type ZipRecord } from "./zip-directory.ts";

const methodStored = 0;
const methodDeflated = 8;
/**
 * Compressed bytes handed to the inflater at a time: deflate expands at most ~1032 times, so one
 * push of a bomb yields at most ~1 MiB before its size is checked (8 KiB let a bomb's first push
 * grow the worker by 8 MiB and more while the inflater doubled its output buffer).
 */
const inflateInputBytes = 1024;
/** Stored bytes copied at a time. */
const copyBytes = 1024 * 1024;

/**
 * Unpacks a zip through its central directory, reading the archive by offset. First the whole
 * central directory is listed and charged to the budget (entries, paths, declared sizes), so that
 * a bomb is refused before anything is inflated; then each file is streamed from its offset,
 * inflated a piece at a time and stopped as soon as it passes its declared size, and its size and
 * CRC-32 are checked. Its bytes go to `sink` as they come.
 */
export function readZip(
  source: ArchiveSource,
  budget: UnpackBudget,
  sink: EntrySink,
): UnpackedEntry[] {
  const files: { record: ZipRecord; path: string }[] = [];
  const paths = new Set<string>();
  for (const record of zipRecords(source)) {
    budget.addEntry();
    const path = safeEntryPath(record.name);
    if (path === undefined) continue;
    if (record.method !== methodStored && record.method !== methodDeflated) {
      throw new HttpError(
        400,
        `Invalid package: entry "${record.name}" uses an unsupported compression method (${record.method})`,
      );
    }
    if (record.encrypted) {
      throw new HttpError(400, `Invalid package: entry "${record.name}" is encrypted`);
    }
    // Two records of one path are how an archive shows one file to a checker and another to
    // whoever unpacks it: refused rather than picking one.
    if (paths.has(path)) {
      throw new HttpError(400, `Invalid package: entry "${path}" appears more than once`);
    }
    paths.add(path);
    budget.addBytes(record.size);
    files.push({ record, path });
  }
  return files.map(({ record, path }) => {
    const writer = sink.open(path, record.size);
    try {
      unpackRecord(source, record, writer);
    } catch (error) {
      writer?.abandon();
      throw error;
    }
    return { path, data: writer?.close() };
  });
}

function tooLong(record: ZipRecord): HttpError {
  return new HttpError(
    400,
    `Invalid package: entry "${record.name}" unpacks to more than the ${record.size} bytes the archive declares for it`,
  );
}

function wrongSize(record: ZipRecord, size: number): HttpError {
  return new HttpError(
    400,
    `Invalid package: entry "${record.name}" unpacks to ${size} bytes, not the ${record.size} bytes the archive declares for it`,
  );
}

/** Streams one record's bytes into `writer`, checking its size and CRC-32 on the way. */
function unpackRecord(
  source: ArchiveSource,
  record: ZipRecord,
  writer: EntryWriter | undefined,
): void {
  let size = 0;
  let checksum = 0;
  const take = (chunk: Uint8Array): void => {
    size += chunk.length;
    // Stopped as soon as the output passes the declared size: an entry lying about its size
    // costs no more than what it declared (and was charged for).
    if (size > record.size) throw tooLong(record);
    checksum = crc32(chunk, checksum);
    writer?.write(chunk);
  };
  const end = record.dataOffset + record.compressedSize;
  if (record.method === methodStored) {
    // A stored entry is its bytes: their count is known before any is read.
    if (record.compressedSize !== record.size) throw wrongSize(record, record.compressedSize);
    for (let offset = record.dataOffset; offset < end; offset += copyBytes) {
      take(source.read(offset, Math.min(copyBytes, end - offset)));
    }
  } else {
    const inflater = new Inflate((chunk) => {
      take(chunk);
    });
    try {
      let offset = record.dataOffset;
      do {
        const length = Math.min(inflateInputBytes, end - offset);
        // A copy: the inflater may keep input it has not consumed, and the source reuses its buffer.
        const packed = new Uint8Array(source.read(offset, length));
        offset += length;
        inflater.push(packed, offset >= end);
      } while (offset < end);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const detail = error instanceof Error ? error.message : "invalid deflate data";
      throw new HttpError(400, `Invalid package: entry "${record.name}" is damaged (${detail})`);
    }
  }
  if (size !== record.size) throw wrongSize(record, size);
  if (checksum !== record.crc32) {
    throw new HttpError(
      400,
      `Invalid package: entry "${record.name}" fails its CRC-32 check (the archive is damaged or was altered)`,
    );
  }
}
