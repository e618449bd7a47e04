// Whether a file is an APK, checked in the browser before anything is uploaded (issue 16: a text
// file renamed .apk is refused at once). An APK is a zip whose central directory lists
// AndroidManifest.xml. Only the first bytes, the end record and the directory are read, with
// Blob.slice: a 1 GiB APK is never read whole.

const localFileSignature = [0x50, 0x4b, 0x03, 0x04]; // "PK\x03\x04"
const endOfDirectorySignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndSignature = 0x06064b50;
const directoryEntrySignature = 0x02014b50;
const endRecordSize = 22;
/** The end record, and the longest comment a zip may have after it. */
const tailSize = endRecordSize + 0xffff;
const manifestEntry = "AndroidManifest.xml";

/**
 * The bytes of a part of the file. Read with a FileReader rather than `Blob.arrayBuffer()`,
 * which the test environment (jsdom) lacks; browsers do the same with either.
 */
function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener("load", () => {
      const { result } = reader;
      if (result instanceof ArrayBuffer) resolve(new DataView(result));
      else reject(new Error("the file could not be read as bytes"));
    });
    reader.addEventListener("error", () => {
      reject(reader.error ?? new Error("the file could not be read"));
    });
    reader.readAsArrayBuffer(file.slice(start, end));
  });
}

/** Where the central directory is, from the end record (or the ZIP64 one), if it can be found. */
async function findDirectory(file: Blob): Promise<{ offset: number; size: number } | undefined> {
  const tailStart = Math.max(0, file.size - tailSize);
  const tail = await bytesOf(file, tailStart, file.size);
  for (let at = tail.byteLength - endRecordSize; at >= 0; at--) {
    if (tail.getUint32(at, true) !== endOfDirectorySignature) continue;
    const size = tail.getUint32(at + 12, true);
    const offset = tail.getUint32(at + 16, true);
    if (size !== 0xffffffff && offset !== 0xffffffff) return { offset, size };
    // ZIP64: the locator just before the end record names where the ZIP64 end record is.
    const locatorAt = tailStart + at - 20;
    if (locatorAt < 0) return undefined;
    const locator = await bytesOf(file, locatorAt, locatorAt + 20);
    if (locator.getUint32(0, true) !== zip64LocatorSignature) return undefined;
    const endAt = Number(locator.getBigUint64(8, true));
    const end = await bytesOf(file, endAt, endAt + 56);
    if (end.byteLength < 56 || end.getUint32(0, true) !== zip64EndSignature) return undefined;
    return { size: Number(end.getBigUint64(40, true)), offset: Number(end.getBigUint64(48, true)) };
  }
  return undefined;
}

/** Whether the central directory lists an entry of that name. */
function directoryLists(directory: DataView, wanted: string): boolean {
  const decoder = new TextDecoder();
  let at = 0;
  while (at + 46 <= directory.byteLength) {
    if (directory.getUint32(at, true) !== directoryEntrySignature) return false;
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    const nameStart = directory.byteOffset + at + 46;
    const name = decoder.decode(new Uint8Array(directory.buffer, nameStart, nameLength));
    if (name === wanted) return true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/** Why the file is not an APK, or undefined when it is one. */
export async function apkRefusal(file: File): Promise<string | undefined> {
  const notApk = `${file.name} is not an APK`;
  const head = await bytesOf(file, 0, 4);
  const signed = localFileSignature.every(
    (byte, index) => index < head.byteLength && head.getUint8(index) === byte,
  );
  if (!signed) {
    return `${notApk}: it is not a zip file (an APK starts with the bytes "PK").`;
  }
  const place = await findDirectory(file);
  if (place === undefined || place.offset + place.size > file.size) {
    return `${notApk}: its zip directory cannot be read (is the file complete?).`;
  }
  const directory = await bytesOf(file, place.offset, place.offset + place.size);
  if (!directoryLists(directory, manifestEntry)) {
    return `${notApk}: the zip file holds no ${manifestEntry}.`;
  }
  return undefined;
}

const checked = new WeakMap<File, Promise<string | undefined>>();

/** `apkRefusal`, read once per file: the form's rules ask again at every change. */
export function cachedApkRefusal(file: File): Promise<string | undefined> {
  let refusal = checked.get(file);
  if (refusal === undefined) {
    refusal = apkRefusal(file).catch(
      (error: unknown) =>
        `${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    checked.set(file, refusal);
  }
  return refusal;
}
