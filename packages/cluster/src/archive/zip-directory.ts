import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveSource } from "./archive-source.ts";

/** A file of a zip archive as its central directory declares it, checked against its local header. */
export interface ZipRecord {
  name: string;
  method: number;
  encrypted: boolean;
  crc32: number;
  compressedSize: number;
  size: number;
  /** Where its compressed bytes start in the archive. */
  dataOffset: number;
}

const localHeaderSignature = 0x04034b50;
const centralHeaderSignature = 0x02014b50;
const endSignature = 0x06054b50;
const zip64EndSignature = 0x06064b50;
const zip64LocatorSignature = 0x07064b50;
const zip64ExtraId = 0x0001;
/** A 32-bit field holding this means "see the zip64 extra field". */
const saturated32 = 0xffffffff;
const saturated16 = 0xffff;
const endRecordBytes = 22;
const flagEncrypted = 0x1;
const flagDataDescriptor = 0x8;
const flagUtf8Names = 0x800;

export function zipDamaged(detail: string): HttpError {
  return new HttpError(400, `Invalid package: the zip archive is truncated or damaged (${detail})`);
}

function localHeaderMismatch(name: string, field: string): HttpError {
  return new HttpError(
    400,
    `Invalid package: entry "${name}" has a local header whose ${field} differs from the central directory's`,
  );
}

/**
 * Little-endian reads at any offset of an archive that refuse, as a damaged archive, any read past
 * the end. Reads go through a window of the source, so that walking the central directory of a
 * file costs a read per window, not one per field.
 */
class ZipBytes {
  private readonly source: ArchiveSource;
  private window = Buffer.alloc(0);
  private windowStart = 0;
  private static readonly windowBytes = 64 * 1024;

  constructor(source: ArchiveSource) {
    this.source = source;
  }

  get length(): number {
    return this.source.size;
  }

  private view(offset: number, length: number): Buffer {
    if (offset < 0 || offset + length > this.source.size) {
      throw zipDamaged("a record runs past the end of the archive");
    }
    const start = offset - this.windowStart;
    if (start < 0 || start + length > this.window.length) {
      const bytes = this.source.read(offset, Math.max(length, ZipBytes.windowBytes));
      // A copy: the source may reuse its buffer on the next read.
      this.window = Buffer.from(bytes);
      this.windowStart = offset;
      return this.window.subarray(0, length);
    }
    return this.window.subarray(start, start + length);
  }

  u16(offset: number): number {
    return this.view(offset, 2).readUInt16LE(0);
  }

  u32(offset: number): number {
    return this.view(offset, 4).readUInt32LE(0);
  }

  u64(offset: number): number {
    const value = this.view(offset, 8).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw zipDamaged("a zip64 field is out of range");
    return Number(value);
  }

  bytes(offset: number, length: number): Buffer {
    return Buffer.from(this.view(offset, length));
  }
}

/** Where the central directory is and how many records it holds, from the end record(s). */
function readDirectoryLocation(zip: ZipBytes): { count: number; offset: number; end: number } {
  let end = -1;
  // The end record is in the last 22 bytes, or before a comment of at most 65535 bytes.
  const earliest = Math.max(0, zip.length - endRecordBytes - 0xffff);
  const tail = zip.bytes(earliest, zip.length - earliest);
  for (let offset = tail.length - endRecordBytes; offset >= 0; offset--) {
    if (tail.readUInt32LE(offset) === endSignature) {
      end = earliest + offset;
      break;
    }
  }
  if (end < 0) throw zipDamaged("no end of central directory record");
  if (zip.u16(end + 4) !== 0 || zip.u16(end + 6) !== 0) {
    throw new HttpError(
      400,
      "Invalid package: zip archives split across several files are not supported",
    );
  }
  let count = zip.u16(end + 10);
  let offset = zip.u32(end + 16);
  let directoryEnd = end;
  if (count === saturated16 || offset === saturated32 || zip.u32(end + 12) === saturated32) {
    const locator = end - 20;
    if (locator < 0 || zip.u32(locator) !== zip64LocatorSignature) {
      throw zipDamaged("no zip64 end of central directory locator");
    }
    const zip64End = zip.u64(locator + 8);
    if (zip.u32(zip64End) !== zip64EndSignature) {
      throw zipDamaged("no zip64 end of central directory record");
    }
    count = zip.u64(zip64End + 32);
    offset = zip.u64(zip64End + 48);
    directoryEnd = zip64End;
  }
  if (offset > directoryEnd) throw zipDamaged("the central directory lies past its end record");
  return { count, offset, end: directoryEnd };
}

/** The sizes (and offset) a zip64 extra field holds, in the order of the fields that are saturated. */
function readZip64Extra(
  zip: ZipBytes,
  extraStart: number,
  extraLength: number,
  saturated: { size: boolean; compressedSize: boolean; offset: boolean },
): { size?: number; compressedSize?: number; offset?: number } {
  let field = extraStart;
  while (field + 4 <= extraStart + extraLength) {
    const id = zip.u16(field);
    const length = zip.u16(field + 2);
    if (id === zip64ExtraId) {
      const values: { size?: number; compressedSize?: number; offset?: number } = {};
      let position = field + 4;
      const next = (): number => {
        if (position + 8 > field + 4 + length) throw zipDamaged("a zip64 extra field is too short");
        const value = zip.u64(position);
        position += 8;
        return value;
      };
      if (saturated.size) values.size = next();
      if (saturated.compressedSize) values.compressedSize = next();
      if (saturated.offset) values.offset = next();
      return values;
    }
    field += 4 + length;
  }
  return {};
}

function decodeName(bytes: Buffer, flags: number): string {
  // Without the UTF-8 flag the name is in the archiver's code page; fflate read it as latin1 too.
  return bytes.toString(flags & flagUtf8Names ? "utf8" : "latin1");
}

/**
 * The records of a zip's central directory, one at a time, each checked against its local
 * header: the name, method, CRC-32 and sizes must agree (a data descriptor's local header may
 * leave the CRC and sizes at zero), and its data must lie before the central directory. Nothing
 * is inflated here.
 */
export function* zipRecords(source: ArchiveSource): Generator<ZipRecord> {
  const zip = new ZipBytes(source);
  const directory = readDirectoryLocation(zip);
  let position = directory.offset;
  for (let index = 0; index < directory.count; index++) {
    if (position + 46 > directory.end || zip.u32(position) !== centralHeaderSignature) {
      throw zipDamaged("a central directory record is missing or malformed");
    }
    const flags = zip.u16(position + 8);
    const method = zip.u16(position + 10);
    const crc32 = zip.u32(position + 16);
    let compressedSize = zip.u32(position + 20);
    let size = zip.u32(position + 24);
    const nameLength = zip.u16(position + 28);
    const extraLength = zip.u16(position + 30);
    const commentLength = zip.u16(position + 32);
    let localOffset = zip.u32(position + 42);
    const nameBytes = zip.bytes(position + 46, nameLength);
    const name = decodeName(nameBytes, flags);
    const zip64 = readZip64Extra(zip, position + 46 + nameLength, extraLength, {
      size: size === saturated32,
      compressedSize: compressedSize === saturated32,
      offset: localOffset === saturated32,
    });
    size = zip64.size ?? size;
    compressedSize = zip64.compressedSize ?? compressedSize;
    localOffset = zip64.offset ?? localOffset;
    position += 46 + nameLength + extraLength + commentLength;

    if (zip.u32(localOffset) !== localHeaderSignature) {
      throw zipDamaged(`entry "${name}" has no local header where the directory says`);
    }
    const localFlags = zip.u16(localOffset + 6);
    const localNameLength = zip.u16(localOffset + 26);
    const localExtraLength = zip.u16(localOffset + 28);
    if (!zip.bytes(localOffset + 30, localNameLength).equals(nameBytes)) {
      throw localHeaderMismatch(name, "name");
    }
    if (zip.u16(localOffset + 8) !== method) throw localHeaderMismatch(name, "compression method");
    let localCompressedSize = zip.u32(localOffset + 18);
    let localSize = zip.u32(localOffset + 22);
    const localZip64 = readZip64Extra(zip, localOffset + 30 + localNameLength, localExtraLength, {
      size: localSize === saturated32,
      compressedSize: localCompressedSize === saturated32,
      offset: false,
    });
    localSize = localZip64.size ?? localSize;
    localCompressedSize = localZip64.compressedSize ?? localCompressedSize;
    // With a data descriptor the local header may leave these at zero (they follow the data).
    const deferred = (localFlags & flagDataDescriptor) !== 0;
    const agrees = (local: number, central: number): boolean =>
      local === central || (deferred && local === 0);
    if (!agrees(zip.u32(localOffset + 14), crc32)) throw localHeaderMismatch(name, "CRC-32");
    if (!agrees(localSize, size)) throw localHeaderMismatch(name, "size");
    if (!agrees(localCompressedSize, compressedSize)) {
      throw localHeaderMismatch(name, "compressed size");
    }
    const dataOffset = localOffset + 30 + localNameLength + localExtraLength;
    if (dataOffset + compressedSize > directory.offset) {
      throw zipDamaged(`the data of entry "${name}" runs into the central directory`);
    }
    yield {
      name,
      method,
      encrypted: (flags & flagEncrypted) !== 0,
      crc32,
      compressedSize,
      size,
      dataOffset,
    };
  }
}
