import { Gunzip } from "fflate";
import { SequentialReader, type ArchiveSource } from "./archive-source.ts";
import { CompressedInputEnded } from "./compressed-input-ended.ts";

const inputBytes = 64 * 1024;

/**
 * Decodes gzip data (one member or several in a row), pulled from its source a chunk at a time,
 * handing the output to `consume` as it is produced (fflate's streaming inflater: synchronous, for
 * the archive worker). A consumer that throws stops the decoding at once; one that returns false
 * wants no more, and nothing after the chunk in hand is decoded.
 *
 * Input that ends while more is wanted is checked against the last member's trailer (its size,
 * modulo 2^32): the inflater does not notice every cut (one at a block's end ends it quietly), and
 * a tarball cut between two entries would otherwise pass as a shorter one.
 */
export function decodeGzip(source: ArchiveSource, consume: (chunk: Uint8Array) => boolean): void {
  const reader = new SequentialReader(source, inputBytes);
  // An object: its fields change in the inflater's callbacks, out of the loop's sight.
  const output = { wanted: true, memberBytes: 0, decoded: false };
  const gunzip = new Gunzip((chunk) => {
    output.memberBytes += chunk.length;
    if (chunk.length > 0) output.decoded = true;
    if (output.wanted) output.wanted = consume(chunk);
  });
  gunzip.onmember = () => {
    output.memberBytes = 0;
  };
  let trailer: Uint8Array = new Uint8Array(0);
  for (;;) {
    const next = reader.next();
    if (next === undefined) break;
    // A copy: the inflater may keep input it has not consumed, and the source reuses its buffer.
    const chunk = new Uint8Array(next);
    trailer = lastBytes(trailer, chunk, 4);
    gunzip.push(chunk, false);
    if (!output.wanted) return;
  }
  try {
    gunzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof Error && error.message.includes("EOF")) throw new CompressedInputEnded();
    throw error;
  }
  const declared = trailer.length === 4 ? new DataView(trailer.buffer).getUint32(0, true) : -1;
  // Nothing decoded at all: the input ended inside the first member's header.
  const empty = !output.decoded;
  if (output.wanted && (empty || declared !== output.memberBytes % 2 ** 32)) {
    throw new CompressedInputEnded();
  }
}

/** The last `count` bytes of `before` followed by `chunk`. */
function lastBytes(before: Uint8Array, chunk: Uint8Array, count: number): Uint8Array {
  if (chunk.length >= count) return chunk.slice(chunk.length - count);
  const joined = new Uint8Array(before.length + chunk.length);
  joined.set(before);
  joined.set(chunk, before.length);
  return joined.slice(Math.max(0, joined.length - count));
}
