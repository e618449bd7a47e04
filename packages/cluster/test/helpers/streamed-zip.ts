// Zips written on the fly as the dashboard server sends them: stored entries whose sizes and
// CRC-32 follow their data in data descriptors (fflate's Zip + ZipPassThrough), made chunk by
// chunk as the request reads them, so that a package of any size is never held whole.
import { Readable } from "node:stream";
import { Zip, ZipPassThrough } from "fflate";

export interface StreamedFile {
  name: string;
  /** The file's bytes, produced lazily. */
  chunks: () => Iterable<Uint8Array>;
}

function* zipChunks(files: readonly StreamedFile[]): Generator<Uint8Array> {
  const output: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    output.push(data);
  });
  for (const file of files) {
    const entry = new ZipPassThrough(file.name);
    zip.add(entry);
    for (const chunk of file.chunks()) {
      entry.push(chunk);
      yield* output.splice(0);
    }
    entry.push(new Uint8Array(0), true);
    yield* output.splice(0);
  }
  zip.end();
  yield* output.splice(0);
}

export function streamedZip(files: readonly StreamedFile[]): Readable {
  return Readable.from(zipChunks(files), { objectMode: false });
}

/** `total` bytes of a repeated random pattern, in chunks of 1 MiB. */
export function* patternChunks(total: number): Generator<Uint8Array> {
  const pattern = new Uint8Array(1024 * 1024).map((_, index) => (index * 2654435761) >>> 24);
  for (let sent = 0; sent < total; sent += pattern.length) {
    yield pattern.subarray(0, Math.min(pattern.length, total - sent));
  }
}

export function bytesOf(data: Uint8Array | string): () => Iterable<Uint8Array> {
  return () => [typeof data === "string" ? new TextEncoder().encode(data) : data];
}
