import { crc32, inflateRawSync } from "node:zlib";
import { HttpError } from "../../http/http-error.ts";
import { safeEntryPath } from "./safe-entry-path.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import { ownedBytes, type KeepBytes, type UnpackedEntry } from "./unpacked-entry.ts";
import { zipRecords, type ZipRecord } from "./zip-directory.ts";

const methodStored = 0;
const methodDeflated = 8;

/**
 * Unpacks a zip. First the whole central directory is listed and charged to the budget (entries,
 * paths, declared sizes), so that a bomb is refused before anything is inflated; then each file
 * is inflated with zlib told to stop at its declared size, and its size and CRC-32 are checked.
 * Only the bytes `keep` wants are kept.
 */
export function readZip(data: Uint8Array, budget: UnpackBudget, keep: KeepBytes): UnpackedEntry[] {
  const files: { record: ZipRecord; path: string }[] = [];
  const paths = new Set<string>();
  for (const record of zipRecords(data)) {
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
    const content = unpackRecord(data, record);
    return { path, data: keep(path) ? ownedBytes(content) : undefined };
  });
}

function unpackRecord(archive: Uint8Array, record: ZipRecord): Uint8Array {
  const packed = archive.subarray(record.dataOffset, record.dataOffset + record.compressedSize);
  let content: Uint8Array;
  if (record.method === methodStored) {
    content = packed;
  } else {
    try {
      // zlib stops as soon as the output passes the limit: an entry lying about its size costs
      // no more than what it declared (and was charged for).
      content = inflateRawSync(packed, { maxOutputLength: Math.max(1, record.size) });
    } catch (error) {
      if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") {
        throw new HttpError(
          400,
          `Invalid package: entry "${record.name}" unpacks to more than the ${record.size} bytes the archive declares for it`,
        );
      }
      const detail = error instanceof Error ? error.message : "invalid deflate data";
      throw new HttpError(400, `Invalid package: entry "${record.name}" is damaged (${detail})`);
    }
  }
  if (content.length !== record.size) {
    throw new HttpError(
      400,
      `Invalid package: entry "${record.name}" unpacks to ${content.length} bytes, not the ${record.size} bytes the archive declares for it`,
    );
  }
  if (crc32(content) !== record.crc32) {
    throw new HttpError(
      400,
      `Invalid package: entry "${record.name}" fails its CRC-32 check (the archive is damaged or was altered)`,
    );
  }
  return content;
}
