import { crc32 } from "node:zlib";
import { Gunzip } from "fflate";
import { SequentialReader, type ArchiveSource } from "./archive-source.ts";
import { CompressedInputEnded } from "./compressed-input-ended.ts";

/**
 * Input handed to the inflater at a time: it hands back all a push inflates to in one chunk, so a
 * small push bounds what one step of a bomb can allocate (8 KiB inflate to 8 MiB at the most)
 * before the tar parser's budget sees it.
 */
const inputBytes = 8 * 1024;

/** A gzip member ends with its data's CRC-32 and size (modulo 2^32), both little-endian. */
const trailerBytes = 8;

/**
 * Once the tar archive has ended, the rest of the input is still read to check the trailer (a few
 * zero blocks and the trailer: a few dozen bytes), unless more than this is left.
 */
const maxInputCheckedAfterEnd = 1024 * 1024;

/**
 * Decodes gzip data (one member or several in a row), pulled from its source a chunk at a time,
 * handing the output to `consume` as it is produced (fflate's streaming inflater: synchronous, for
 * the archive worker). A consumer that throws stops the decoding at once; one that returns false
 * wants no more, and nothing after the chunk in hand is decoded.
 *
 * The last member is checked against its trailer, its CRC-32 and size: fflate checks neither, and
 * does not notice every cut (one at a block's end ends it quietly), so a damaged or cut tarball
 * would otherwise pass as another one. Once the consumer wants no more, the rest of the input is
 * still inflated (not handed on) for that check, unless more than 1 MiB of it is left.
 */
export function decodeGzip(source: ArchiveSource, consume: (chunk: Uint8Array) => boolean): void {
  const reader = new SequentialReader(source, inputBytes);
  // An object: its fields change in the inflater's callbacks, out of the loop's sight.
  const member = { wanted: true, bytes: 0, crc: 0, decoded: false };
  const gunzip = new Gunzip((chunk) => {
    member.bytes += chunk.length;
    member.crc = crc32(chunk, member.crc);
    if (chunk.length > 0) member.decoded = true;
    if (member.wanted) member.wanted = consume(chunk);
  });
  gunzip.onmember = () => {
    member.bytes = 0;
    member.crc = 0;
  };
  let trailer: Uint8Array = new Uint8Array(0);
  let readAfterEnd = 0;
  for (;;) {
    const next = reader.next();
    if (next === undefined) break;
    if (!member.wanted) {
      readAfterEnd += next.length;
      if (readAfterEnd > maxInputCheckedAfterEnd) return;
    }
    // A copy: the inflater may keep input it has not consumed, and the source reuses its buffer.
    const chunk = new Uint8Array(next);
    trailer = lastBytes(trailer, chunk, trailerBytes);
    gunzip.push(chunk, false);
  }
  try {
    gunzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof Error && error.message.includes("EOF")) throw new CompressedInputEnded();
    throw error;
  }
  // Nothing decoded at all: the input ended inside the first member's header.
  if (!member.decoded || trailer.length < trailerBytes) throw new CompressedInputEnded();
  const view = new DataView(trailer.buffer, trailer.byteOffset, trailer.byteLength);
  if (view.getUint32(4, true) !== member.bytes % 2 ** 32) throw new CompressedInputEnded();
  if (view.getUint32(0, true) !== member.crc) throw new Error("the gzip data fails its CRC check");
}

/** The last `count` bytes of `before` followed by `chunk`. */
function lastBytes(before: Uint8Array, chunk: Uint8Array, count: number): Uint8Array {
  if (chunk.length >= count) return chunk.slice(chunk.length - count);
  const joined = new Uint8Array(before.length + chunk.length);
  joined.set(before);
  joined.set(chunk, before.length);
  return joined.slice(Math.max(0, joined.length - count));
}
