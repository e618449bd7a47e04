import { HttpError } from "@anbox-dashboard/http-kit";
import { SequentialReader, type ArchiveSource } from "./archive-source.ts";
import type { ArchiveLimits } from "./archive-limits.ts";
import { decodeBzip2 } from "./bzip2-decoder.ts";
import { CompressedInputEnded } from "./compressed-input-ended.ts";
import { decodeGzip } from "./gzip-decoder.ts";
import { TarParser, tarballDamaged } from "./tar-parser.ts";
import type { UnpackBudget } from "./unpack-budget.ts";
import type { EntrySink, UnpackedEntry } from "./unpacked-entry.ts";

export type TarCompression = "none" | "gzip" | "bzip2";

/** An error of what the decompressed bytes were handed to (the tar parser, the sink writing files). */
class ConsumerFailed extends Error {
  readonly failure: unknown;

  constructor(failure: unknown) {
    super("the decompressed data's consumer failed");
    this.failure = failure;
  }
}

/** Hands the decompressed tar to `consume` chunk by chunk, until it returns false or the input ends. */
function decompress(
  source: ArchiveSource,
  compression: TarCompression,
  consume: (chunk: Uint8Array) => boolean,
): void {
  if (compression === "bzip2") {
    decodeBzip2(source, consume);
    return;
  }
  if (compression === "gzip") {
    decodeGzip(source, consume);
    return;
  }
  const reader = new SequentialReader(source);
  for (let chunk = reader.next(); chunk !== undefined; chunk = reader.next()) {
    if (!consume(chunk)) return;
  }
}

/** What a decompressor's own error means, in words (bzip2's are terse: "moo i'm a cow"). */
function describeDecompressorError(error: unknown, compression: TarCompression): string {
  if (error instanceof CompressedInputEnded) return error.message;
  const message = error instanceof Error ? error.message : "";
  if (compression === "bzip2") {
    return /crc/i.test(message) ? "a block fails its CRC check" : "it is not valid bzip2 data";
  }
  if (/crc/i.test(message)) return "it fails its CRC check";
  return `it is not valid gzip data${message === "" ? "" : ` (${message})`}`;
}

/**
 * Unpacks a tarball, plain or gzip- or bzip2-compressed: the decompressor hands its output to the
 * tar parser chunk by chunk, the parser charges each entry to the budget at its header, and
 * decompression stops at the end of the tar archive (bytes after it are never decompressed). The
 * files' bytes go to `sink` as they are decompressed.
 */
export function readTar(
  source: ArchiveSource,
  compression: TarCompression,
  budget: UnpackBudget,
  sink: EntrySink,
  specialEntries: ArchiveLimits["specialEntries"],
): UnpackedEntry[] {
  const parser = new TarParser(budget, sink, specialEntries);
  try {
    decompress(source, compression, (chunk) => {
      try {
        return parser.push(chunk);
      } catch (failure) {
        throw new ConsumerFailed(failure);
      }
    });
    parser.finish();
  } catch (error) {
    parser.abandon();
    // A refusal of the parser, or a fault of the sink (a file that cannot be written): as it is.
    if (error instanceof ConsumerFailed) throw error.failure;
    if (error instanceof HttpError || compression === "none") throw error;
    throw tarballDamaged(describeDecompressorError(error, compression));
  }
  return parser.entries;
}
