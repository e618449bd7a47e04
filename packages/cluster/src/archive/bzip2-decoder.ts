import { createRequire } from "node:module";
import { bytesSource, SequentialReader, type ArchiveSource } from "./archive-source.ts";
import { CompressedInputEnded } from "./compressed-input-ended.ts";

/** Reads `count` bits, most significant first; `null` skips to the next byte boundary. */
type ReadBits = (count: number | null) => number;

/**
 * The block decoder inside unbzip2-stream (micro-bunzip's port). Its stream wrapper is not used:
 * given a whole input it decodes every block in one synchronous loop and keeps each block's
 * output (up to 46 MB of zeros from a few bytes) in a JavaScript array before anyone can count it.
 */
interface Bzip2BlockDecoder {
  /** Reads a stream header ("BZh1".."BZh9"); returns the block size in units of 100 kB. */
  header(bits: ReadBits): number;
  /** Decodes one block byte by byte into `write`; returns the running stream CRC, or null at the stream's end. */
  decompress(
    bits: ReadBits,
    write: (byte: number) => void,
    buffer: Int32Array,
    bufferSize: number,
    streamCrc: number,
  ): number | null;
}

const require = createRequire(import.meta.url);
const blockDecoder = require("unbzip2-stream/lib/bzip2.js") as Bzip2BlockDecoder;

/** Reads the compressed input bit by bit, pulling it from its source a chunk at a time. */
class BitReader {
  private readonly input: SequentialReader;
  private data: Uint8Array = new Uint8Array(0);
  private buffer: Uint8Array = new Uint8Array(0);
  private byte = 0;
  private bit = 0;
  private ended = false;

  constructor(input: SequentialReader) {
    this.input = input;
  }

  /**
   * Whether the byte at `byte + ahead` is there, pulling the next chunk when the current one is
   * used up. The bytes not read yet (at most one) are carried over in front of it, in a buffer
   * kept from one chunk to the next: reading a file allocates nothing per chunk.
   */
  private has(ahead: number): boolean {
    while (this.byte + ahead >= this.data.length && !this.ended) {
      const next = this.input.next();
      if (next === undefined) {
        this.ended = true;
      } else {
        // A copy of at most one byte: the buffer it is in is about to be overwritten.
        const rest = this.data.slice(this.byte);
        if (this.buffer.length < rest.length + next.length) {
          this.buffer = new Uint8Array(rest.length + next.length);
        }
        this.buffer.set(rest, 0);
        this.buffer.set(next, rest.length);
        this.data = this.buffer.subarray(0, rest.length + next.length);
        this.byte = 0;
      }
    }
    return this.byte + ahead < this.data.length;
  }

  /** Whether every byte has been read (a partly read byte counts as read). */
  get exhausted(): boolean {
    return !this.has(this.bit > 0 ? 1 : 0);
  }

  readonly read: ReadBits = (count) => {
    if (count === null) {
      if (this.bit !== 0) {
        this.bit = 0;
        this.byte++;
      }
      return 0;
    }
    let result = 0;
    let wanted = count;
    while (wanted > 0) {
      const current = this.has(0) ? this.data[this.byte] : undefined;
      if (current === undefined) throw new CompressedInputEnded();
      const left = 8 - this.bit;
      if (wanted >= left) {
        result = (result << left) | (current & ((1 << left) - 1));
        this.bit = 0;
        this.byte++;
        wanted -= left;
      } else {
        result = (result << wanted) | ((current >> (left - wanted)) & ((1 << wanted) - 1));
        this.bit += wanted;
        wanted = 0;
      }
    }
    return result;
  };
}

/**
 * Decodes bzip2 data (one stream or several in a row), handing the output to `consume` in chunks
 * of at most `chunkBytes`, as it is produced: a consumer that throws (a budget refusal) stops the
 * decoding at once, mid-block. The chunk is reused afterwards, so `consume` copies what it keeps.
 * When `consume` returns false it wants no more: the current block is still decoded to check its
 * CRC, and nothing after it is.
 */
export function decodeBzip2(
  data: Uint8Array | ArchiveSource,
  consume: (chunk: Uint8Array) => boolean,
  chunkBytes = 64 * 1024,
): void {
  const source = data instanceof Uint8Array ? bytesSource(data) : data;
  const bits = new BitReader(new SequentialReader(source));
  const output = new ChunkedOutput(chunkBytes, consume);
  while (!bits.exhausted) {
    const blockSize = 100_000 * blockDecoder.header(bits.read);
    const buffer = new Int32Array(blockSize);
    let streamCrc: number | null = 0;
    while (streamCrc !== null) {
      streamCrc = blockDecoder.decompress(bits.read, output.write, buffer, blockSize, streamCrc);
      output.flush();
      if (!output.wanted) return;
    }
  }
}

/** Collects the decoder's bytes into a chunk and hands it on when full (or flushed). */
class ChunkedOutput {
  private readonly chunk: Uint8Array;
  private readonly consume: (chunk: Uint8Array) => boolean;
  private filled = 0;
  /** False once the consumer wants no more; bytes are then dropped. */
  wanted = true;

  constructor(chunkBytes: number, consume: (chunk: Uint8Array) => boolean) {
    this.chunk = new Uint8Array(chunkBytes);
    this.consume = consume;
  }

  readonly write = (byte: number): void => {
    this.chunk[this.filled++] = byte;
    if (this.filled === this.chunk.length) this.flush();
  };

  flush(): void {
    if (this.filled > 0 && this.wanted)
      this.wanted = this.consume(this.chunk.subarray(0, this.filled));
    this.filled = 0;
  }
}
