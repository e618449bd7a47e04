// Packages of any size made as they are sent, without a library: a zip of stored entries with data
// descriptors (what the dashboard server streams to a cluster) and a plain ustar archive (an image
// package). Their large file is a repeated pattern, produced a MiB at a time.
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";

export interface StreamedFile {
  name: string;
  chunks: () => Iterable<Uint8Array>;
}

export function* patternChunks(total: number): Generator<Uint8Array> {
  const pattern = new Uint8Array(1024 * 1024).map((_, index) => (index * 2654435761) >>> 24);
  for (let sent = 0; sent < total; sent += pattern.length) {
    yield pattern.subarray(0, Math.min(pattern.length, total - sent));
  }
}

export function bytesOf(text: string): () => Iterable<Uint8Array> {
  return () => [Buffer.from(text)];
}

/** The chunks of `streamedZip`, as they are made (a zip inside a zip: an APK in a package). */
export function* zipChunks(files: readonly StreamedFile[]): Generator<Uint8Array> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // data descriptor, UTF-8 names
    local.writeUInt16LE(name.length, 26);
    yield local;
    yield name;
    let size = 0;
    let checksum = 0;
    for (const chunk of file.chunks()) {
      size += chunk.length;
      checksum = crc32(chunk, checksum);
      yield chunk;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(checksum, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0808, 8);
    record.writeUInt32LE(checksum, 16);
    record.writeUInt32LE(size, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += 30 + name.length + size + 16;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** A zip of stored entries with data descriptors (sizes under 4 GiB each). */
export function streamedZip(files: readonly StreamedFile[]): Readable {
  return Readable.from(zipChunks(files), { objectMode: false });
}

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write("0000644\0", 100);
  header.write("0000000\0", 108);
  header.write("0000000\0", 116);
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  header.write("00000000000\0", 136);
  header.write("        ", 148);
  header.write("0", 156);
  header.write("ustar\u000000", 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return header;
}

function* tarChunks(files: readonly StreamedFile[]): Generator<Uint8Array> {
  for (const file of files) {
    const chunks = [...file.chunks()];
    const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
    yield tarHeader(file.name, size);
    yield* chunks;
    if (size % 512 !== 0) yield Buffer.alloc(512 - (size % 512));
  }
  yield Buffer.alloc(1024);
}

/** A plain tar archive; each file's chunks are listed first to learn its size (no copy is made). */
export function streamedTar(files: readonly StreamedFile[]): Readable {
  return Readable.from(tarChunks(files), { objectMode: false });
}
