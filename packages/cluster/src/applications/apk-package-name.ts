import { inflateRawSync } from "node:zlib";
import { HttpError } from "@anbox-dashboard/http-kit";
import { FileSource } from "../archive/archive-source.ts";
import { zipRecords, type ZipRecord } from "../archive/zip-directory.ts";

/** An AndroidManifest.xml larger than this is not read (real ones are a few KiB). */
const manifestMaxBytes = 1024 * 1024;
const manifestEntry = "AndroidManifest.xml";
/** A text manifest's <manifest …> tag longer than this is not read (real ones are a few lines). */
const maxManifestTagLength = 16 * 1024;

/** Android's rule for an application id: two or more dotted parts, each a Java-like name. */
const packageNamePattern = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * The package name an APK declares (`<manifest package="…">`), read from its
 * `AndroidManifest.xml`, binary (as the build tools write it) or text. Refuses with 400 naming the
 * problem an APK that is not a zip, has no manifest, an encrypted or oversized one, or names no
 * valid package. Only the manifest's entry is inflated, bounded by `manifestMaxBytes` whatever its
 * header claims, so a zip bomb costs nothing.
 */
export function readApkPackageName(path: string, fileName: string): string {
  const refuse = (why: string) =>
    new HttpError(400, `${fileName} is not an APK the device can install: ${why}`);
  const source = new FileSource(path);
  try {
    const found = manifestRecord(source);
    if (found === "not a zip") throw refuse("it is not a zip archive");
    if (found === undefined) throw refuse(`it holds no ${manifestEntry}`);
    if (found.encrypted) throw refuse(`its ${manifestEntry} is encrypted`);
    if (found.size > manifestMaxBytes || found.compressedSize > manifestMaxBytes) {
      throw refuse(`its ${manifestEntry} is larger than 1 MiB`);
    }
    const stored = Buffer.from(source.read(found.dataOffset, found.compressedSize));
    let bytes: Buffer;
    if (found.method === 0) bytes = stored;
    else if (found.method === 8) {
      try {
        bytes = inflateRawSync(stored, { maxOutputLength: manifestMaxBytes });
      } catch {
        throw refuse(`its ${manifestEntry} cannot be inflated`);
      }
    } else throw refuse(`its ${manifestEntry} is compressed in a way APKs are not`);
    const name = isBinaryXml(bytes) ? binaryPackageOrNone(bytes) : textManifestPackage(bytes);
    if (name === undefined) throw refuse(`its ${manifestEntry} names no package`);
    if (!packageNamePattern.test(name) || name.length > 255) {
      throw refuse(`"${name.slice(0, 80)}" is not a package name`);
    }
    return name;
  } finally {
    source.close();
  }
}

/** The manifest's record in the zip's directory; "not a zip" when there is no directory to read. */
function manifestRecord(source: FileSource): ZipRecord | "not a zip" | undefined {
  try {
    for (const record of zipRecords(source)) if (record.name === manifestEntry) return record;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return "not a zip";
    throw error;
  }
}

/** A binary manifest whose offsets or lengths point past its end names nothing. */
function binaryPackageOrNone(bytes: Buffer): string | undefined {
  try {
    return binaryManifestPackage(bytes);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function isBinaryXml(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.readUInt16LE(0) === 0x0003;
}

function textManifestPackage(bytes: Buffer): string | undefined {
  // The <manifest> tag alone, found with indexOf: a pattern run over the whole text could take
  // time that grows with its square on a hostile one.
  const text = bytes.toString("utf8");
  const start = text.indexOf("<manifest");
  const end = start === -1 ? -1 : text.indexOf(">", start);
  if (end === -1 || end - start > maxManifestTagLength) return undefined;
  // A package name is at most 255 characters: the value's length is bounded too.
  return /\bpackage\s*=\s*["']([^"']{0,255})["']/.exec(text.slice(start, end))?.[1];
}

const stringPoolType = 0x0001;
const startElementType = 0x0102;
const utf8Flag = 0x100;
const noIndex = 0xffffffff;

/**
 * The `package` attribute of the first element (`<manifest>`) of Android's binary XML: chunks of
 * `{type u16, headerSize u16, size u32}`; the string pool names everything, the start element
 * lists attributes of 20 bytes (namespace, name, raw value as string indexes).
 */
function binaryManifestPackage(bytes: Buffer): string | undefined {
  let strings: string[] = [];
  let position = bytes.readUInt16LE(2); // past the document's own header
  while (position + 8 <= bytes.length) {
    const type = bytes.readUInt16LE(position);
    const size = bytes.readUInt32LE(position + 4);
    if (size < 8 || position + size > bytes.length) return undefined;
    if (type === stringPoolType)
      strings = readStringPool(bytes.subarray(position, position + size));
    if (type === startElementType) {
      const element = bytes.subarray(position, position + size);
      if (element.length < 36) return undefined;
      if (strings[element.readUInt32LE(20)] !== "manifest") return undefined;
      const attributeStart = 16 + element.readUInt16LE(24);
      const attributeSize = element.readUInt16LE(26);
      const count = element.readUInt16LE(28);
      for (let index = 0; index < count; index++) {
        const at = attributeStart + index * attributeSize;
        if (at + 20 > element.length) return undefined;
        if (strings[element.readUInt32LE(at + 4)] !== "package") continue;
        const raw = element.readUInt32LE(at + 8);
        return raw === noIndex ? undefined : strings[raw];
      }
      return undefined;
    }
    position += size;
  }
  return undefined;
}

function readStringPool(pool: Buffer): string[] {
  if (pool.length < 28) return [];
  const headerSize = pool.readUInt16LE(2);
  const count = pool.readUInt32LE(8);
  const utf8 = (pool.readUInt32LE(16) & utf8Flag) !== 0;
  const stringsStart = pool.readUInt32LE(20);
  const strings: string[] = [];
  for (let index = 0; index < count && headerSize + index * 4 + 4 <= pool.length; index++) {
    const at = stringsStart + pool.readUInt32LE(headerSize + index * 4);
    strings.push(utf8 ? readUtf8(pool, at) : readUtf16(pool, at));
  }
  return strings;
}

/** A length of one or two units: the high bit of the first says a second follows. */
function readLength(read: (at: number) => number, at: number, highBit: number): [number, number] {
  const first = read(at);
  if ((first & highBit) === 0) return [first, 1];
  return [((first & (highBit - 1)) << (highBit === 0x80 ? 8 : 16)) | read(at + 1), 2];
}

function readUtf8(pool: Buffer, at: number): string {
  if (at + 2 > pool.length) return "";
  const u8 = (offset: number) => pool.readUInt8(offset);
  const [, charsUnits] = readLength(u8, at, 0x80);
  const [byteLength, bytesUnits] = readLength(u8, at + charsUnits, 0x80);
  const start = at + charsUnits + bytesUnits;
  return pool.toString("utf8", start, Math.min(pool.length, start + byteLength));
}

function readUtf16(pool: Buffer, at: number): string {
  if (at + 2 > pool.length) return "";
  const u16 = (unit: number) => pool.readUInt16LE(at + unit * 2);
  const [length, units] = readLength(u16, 0, 0x8000);
  const start = at + units * 2;
  return pool.toString("utf16le", start, Math.min(pool.length, start + length * 2));
}
