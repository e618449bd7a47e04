import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/**
 * An archive read by offset, synchronously (the readers run in the archive worker): the bytes of
 * an upload already in memory, or its file, read a piece at a time so that a package of any size
 * takes a few buffers of memory.
 */
export interface ArchiveSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end). The view may be reused by the next read. */
  read(offset: number, length: number): Uint8Array;
}

export function bytesSource(data: Uint8Array): ArchiveSource {
  return {
    size: data.length,
    read: (offset, length) =>
      data.subarray(Math.min(offset, data.length), Math.min(offset + length, data.length)),
  };
}

/** An archive file, opened until `close`. */
export class FileSource implements ArchiveSource {
  readonly size: number;
  private readonly fd: number;
  private buffer = Buffer.alloc(64 * 1024);

  constructor(path: string) {
    this.fd = openSync(path, "r");
    this.size = fstatSync(this.fd).size;
  }

  read(offset: number, length: number): Uint8Array {
    const wanted = Math.max(0, Math.min(length, this.size - offset));
    if (wanted > this.buffer.length) this.buffer = Buffer.alloc(wanted);
    let filled = 0;
    while (filled < wanted) {
      const read = readSync(this.fd, this.buffer, filled, wanted - filled, offset + filled);
      if (read === 0) break;
      filled += read;
    }
    return this.buffer.subarray(0, filled);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Reads a source from its start to its end in chunks, as a decompressor consumes it. */
export class SequentialReader {
  private readonly source: ArchiveSource;
  private position = 0;
  private readonly chunkBytes: number;

  constructor(source: ArchiveSource, chunkBytes = 1024 * 1024) {
    this.source = source;
    this.chunkBytes = chunkBytes;
  }

  /** The next chunk, or undefined at the end. Its bytes stay valid until the next call only. */
  next(): Uint8Array | undefined {
    if (this.position >= this.source.size) return undefined;
    const chunk = this.source.read(this.position, this.chunkBytes);
    if (chunk.length === 0) return undefined;
    this.position += chunk.length;
    return chunk;
  }
}
