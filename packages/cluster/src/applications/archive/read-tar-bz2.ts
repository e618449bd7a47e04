import { HttpError } from "@anbox-dashboard/http-kit";
import { Bzip2InputEnded, decodeBzip2 } from "./bzip2-decoder.ts";
import { TarParser, tarballDamaged } from "./tar-parser.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import type { ArchiveSource } from "./archive-source.ts";
import type { EntrySink, UnpackedEntry } from "./unpacked-entry.ts";

/**
 * Unpacks a bzip2-compressed tarball: the decompressor hands its output to the tar parser chunk
 * by chunk, the parser charges each entry to the budget at its header, and decompression stops
 * at the end of the tar archive (bytes after it are never decompressed). The files' bytes go to
 * `sink` as they are decompressed.
 */
export function readTarBz2(
  source: ArchiveSource,
  budget: UnpackBudget,
  sink: EntrySink,
): UnpackedEntry[] {
  const parser = new TarParser(budget, sink);
  try {
    decodeBzip2(source, (chunk) => parser.push(chunk));
    parser.finish();
  } catch (error) {
    parser.abandon();
    if (error instanceof HttpError) throw error;
    if (error instanceof Bzip2InputEnded) throw tarballDamaged(error.message);
    // The decoder's own messages are terse ("moo i'm a cow"); the CRC one is worth naming.
    const message = error instanceof Error ? error.message : "";
    throw tarballDamaged(
      /crc/i.test(message) ? "a block fails its CRC check" : "it is not valid bzip2 data",
    );
  }
  return parser.entries;
}
