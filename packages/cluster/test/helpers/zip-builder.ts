// Builds zip archives byte by byte, so that tests can make the ones no honest tool makes: entries
// whose declared size or CRC-32 lies, local headers that disagree with the central directory, zip64
// records. Large contents are deflated in a stream, never held whole.
import { once } from "node:events";
import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  /** 0 (stored) or 8 (deflated): `data` is then stored as it is, or deflated. */
  method: 0 | 8;
  /** The bytes as they go into the archive (already deflated for method 8). */
  packed: Uint8Array;
  /** What the archive declares; a test may make them lie. */
  crc32: number;
  size: number;
  /** Overrides for the local header only (to make it disagree with the central directory). */
  local?: Partial<{ name: string; crc32: number; size: number; method: number }>;
  /** Leave the local CRC and sizes at zero, as a streaming writer does (flag bit 3). */
  dataDescriptor?: boolean;
}

/** A part holding `content`, deflated, with its true CRC-32 and size. */
export function deflatedPart(name: string, content: Uint8Array | string): ZipPart {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return {
    name,
    method: 8,
    packed: deflateRawSync(bytes),
    crc32: crc32(bytes),
    size: bytes.length,
  };
}

/** A part of `size` zero bytes, deflated in 1 MiB steps (its CRC-32 and size are true). */
export async function deflatedZerosPart(name: string, size: number): Promise<ZipPart> {
  const step = Buffer.alloc(Math.min(size, 1024 * 1024));
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => packed.push(chunk));
  let crc = 0;
  for (let written = 0; written < size; written += step.length) {
    const chunk = step.subarray(0, Math.min(step.length, size - written));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { name, method: 8, packed: Buffer.concat(packed), crc32: crc, size };
}

const u16 = (value: number): Buffer => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const u64 = (value: number): Buffer => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};

/** A zip of `parts`; with `zip64`, every size and offset goes through the zip64 records. */
export function buildZip(parts: ZipPart[], options: { zip64?: boolean } = {}): Buffer {
  const zip64 = options.zip64 === true;
  const saturated = 0xffffffff;
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (bytes: Buffer): void => {
    chunks.push(bytes);
    offset += bytes.length;
  };
  for (const part of parts) {
    const flags = 0x800 | (part.dataDescriptor === true ? 0x8 : 0);
    const name = Buffer.from(part.name);
    const localName = Buffer.from(part.local?.name ?? part.name);
    const localCrc = part.dataDescriptor === true ? 0 : (part.local?.crc32 ?? part.crc32);
    const localSize = part.dataDescriptor === true ? 0 : (part.local?.size ?? part.size);
    const localPacked = part.dataDescriptor === true ? 0 : part.packed.length;
    const localExtra = zip64
      ? Buffer.concat([u16(1), u16(16), u64(localSize), u64(localPacked)])
      : Buffer.alloc(0);
    const localOffset = offset;
    push(
      Buffer.concat([
        u32(0x04034b50),
        u16(zip64 ? 45 : 20),
        u16(flags),
        u16(part.local?.method ?? part.method),
        u16(0),
        u16(0x21),
        u32(localCrc),
        u32(zip64 ? saturated : localPacked),
        u32(zip64 ? saturated : localSize),
        u16(localName.length),
        u16(localExtra.length),
        localName,
        localExtra,
      ]),
    );
    push(Buffer.from(part.packed));
    if (part.dataDescriptor === true) {
      push(
        Buffer.concat([u32(0x08074b50), u32(part.crc32), u32(part.packed.length), u32(part.size)]),
      );
    }
    const centralExtra = zip64
      ? Buffer.concat([u16(1), u16(24), u64(part.size), u64(part.packed.length), u64(localOffset)])
      : Buffer.alloc(0);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(zip64 ? 45 : 20),
        u16(zip64 ? 45 : 20),
        u16(flags),
        u16(part.method),
        u16(0),
        u16(0x21),
        u32(part.crc32),
        u32(zip64 ? saturated : part.packed.length),
        u32(zip64 ? saturated : part.size),
        u16(name.length),
        u16(centralExtra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(zip64 ? saturated : localOffset),
        name,
        centralExtra,
      ]),
    );
  }
  const directoryOffset = offset;
  const directory = Buffer.concat(central);
  push(directory);
  if (zip64) {
    const zip64EndOffset = offset;
    push(
      Buffer.concat([
        u32(0x06064b50),
        u64(44),
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(parts.length),
        u64(parts.length),
        u64(directory.length),
        u64(directoryOffset),
      ]),
    );
    push(Buffer.concat([u32(0x07064b50), u32(0), u64(zip64EndOffset), u32(1)]));
  }
  push(
    Buffer.concat([
      u32(0x06054b50),
      u16(0),
      u16(0),
      u16(zip64 ? 0xffff : parts.length),
      u16(zip64 ? 0xffff : parts.length),
      u32(zip64 ? saturated : directory.length),
      u32(zip64 ? saturated : directoryOffset),
      u16(0),
    ]),
  );
  return Buffer.concat(chunks);
}
