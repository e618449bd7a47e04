import type { ArchiveLimits } from "./archive-limits.ts";
import { formatHeadBytes, requireArchiveFormat, type ArchiveFormat } from "./archive-format.ts";
import { bytesSource, type ArchiveSource } from "./archive-source.ts";
import { readTar, type TarCompression } from "./read-tar.ts";
import { readZip } from "./read-zip.ts";
import { UnpackBudget } from "./unpack-budget.ts";
import {
  memorySink,
  type EntrySink,
  type KeepBytes,
  type UnpackedEntry,
} from "./unpacked-entry.ts";

export interface UnpackedArchive {
  format: ArchiveFormat;
  entries: UnpackedEntry[];
}

const tarCompressions: Record<Exclude<ArchiveFormat, "zip">, TarCompression> = {
  tar: "none",
  "tar.gz": "gzip",
  "tar.bz2": "bzip2",
};

/**
 * Unpacks a zip or a tarball (plain, gzip or bzip2), within `limits`, synchronously: it runs in
 * the archive worker, never on the cluster's event loop. Every refusal is an `HttpError` (4xx)
 * whose message names the problem. Every file is unpacked and checked; its bytes go to `sink` (a
 * function: kept in memory when it says so, else dropped). The archive is bytes in memory or a
 * file read by offset.
 */
export function unpackArchive(
  archive: Uint8Array | ArchiveSource,
  limits: ArchiveLimits,
  sink: KeepBytes | EntrySink = () => true,
): UnpackedArchive {
  const source = archive instanceof Uint8Array ? bytesSource(archive) : archive;
  const format = requireArchiveFormat(source.read(0, formatHeadBytes));
  const budget = new UnpackBudget(source.size, limits);
  const entrySink = typeof sink === "function" ? memorySink(sink) : sink;
  const entries =
    format === "zip"
      ? readZip(source, budget, entrySink)
      : readTar(source, tarCompressions[format], budget, entrySink, limits.specialEntries);
  return { format, entries };
}
