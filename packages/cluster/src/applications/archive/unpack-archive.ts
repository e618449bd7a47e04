import type { PackageLimits } from "../package-limits.ts";
import { requireArchiveFormat, type ArchiveFormat } from "./archive-format.ts";
import { readTarBz2 } from "./read-tar-bz2.ts";
import { readZip } from "./read-zip.ts";
import { UnpackBudget } from "./unpack-budget.ts";
import type { KeepBytes, UnpackedEntry } from "./unpacked-entry.ts";

export interface UnpackedArchive {
  format: ArchiveFormat;
  entries: UnpackedEntry[];
}

/**
 * Unpacks a zip or bzip2 tarball in memory, within `limits`, synchronously: it runs in the archive
 * worker, never on the cluster's event loop. Every refusal is an `HttpError` (4xx) whose message
 * names the problem. Every file is unpacked and checked; only the bytes `keep` wants are kept.
 */
export function unpackArchive(
  data: Uint8Array,
  limits: PackageLimits,
  keep: KeepBytes = () => true,
): UnpackedArchive {
  const format = requireArchiveFormat(data);
  const budget = new UnpackBudget(data.length, limits);
  const entries = format === "zip" ? readZip(data, budget, keep) : readTarBz2(data, budget, keep);
  return { format, entries };
}
