import { Transform, type TransformCallback } from "node:stream";
import { crc32 } from "node:zlib";
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from "fflate";
import { HttpError } from "@anbox-dashboard/http-kit";
import { releaseDeadBuffers } from "@anbox-dashboard/http-kit";

/** How many bytes of the APK pass between two releases of the chunks already sent on. */
const releaseEveryBytes = 8 * 1024 * 1024;

/** Every APK (a zip archive) starts with a zip local file header: `PK\x03\x04`. */
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The largest APK a package can carry: the package is a zip without the Zip64 extension (fflate
 * writes none), whose entries' sizes are 32-bit.
 */
export const maxPackagedApkBytes = 0xffff_ffff - 1024 * 1024;

/**
 * Bytes a package adds around its APK besides the manifest's own: two local headers, two data
 * descriptors, two central directory records and its end (about 250 bytes), rounded up.
 */
export const packageOverheadBytes = 1024;

/**
 * Turns an APK's bytes, as they arrive, into an application package as the cluster takes it: a
 * zip (fflate's streaming `Zip`) holding `manifest.yaml`, then `app.apk`, both stored (an APK is
 * compressed already), their sizes and CRC-32 in data descriptors after their data, so that the
 * zip is written on the fly and nothing is held but the chunk at hand. Every 8 MiB the chunks
 * already sent are freed (`releaseDeadBuffers`). Backpressure is the pipe's: the APK is read as fast
 * as the package is.
 *
 * Nothing comes out before the APK's first four bytes are known to be a zip's signature: a file
 * that is not an APK fails the stream with a 400 before a byte of the package is sent.
 */
export class ApplicationPackageStream extends Transform {
  private readonly manifest: Uint8Array<ArrayBuffer>;
  private readonly fileName: string;
  private readonly zip: Zip;
  private apk: StoredEntry | undefined;
  /** The APK's first bytes, held until they are four. */
  private head: Buffer[] = [];
  private headLength = 0;
  private sinceRelease = 0;

  constructor(manifestText: string, fileName: string) {
    super();
    this.manifest = new TextEncoder().encode(manifestText);
    this.fileName = fileName;
    this.zip = new Zip((error, data) => {
      if (error) {
        this.destroy(error);
        return;
      }
      this.push(data);
    });
  }

  override _transform(
    chunk: Buffer<ArrayBuffer>,
    _encoding: BufferEncoding,
    callback: TransformCallback,
  ): void {
    if (this.apk) {
      this.apk.push(chunk);
      this.sinceRelease += chunk.length;
      if (this.sinceRelease >= releaseEveryBytes) {
        this.sinceRelease = 0;
        releaseDeadBuffers();
      }
      callback();
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < zipSignature.length) {
      callback();
      return;
    }
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!head.subarray(0, zipSignature.length).equals(zipSignature)) {
      callback(notAnApk(this.fileName));
      return;
    }
    this.apk = this.startPackage();
    this.apk.push(head);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.apk) {
      callback(notAnApk(this.fileName));
      return;
    }
    this.apk.push(new Uint8Array(0), true);
    this.zip.end();
    callback();
  }

  /** Writes manifest.yaml whole and opens app.apk, whose bytes follow as they come. */
  private startPackage(): StoredEntry {
    const manifest = new StoredEntry("manifest.yaml");
    this.zip.add(manifest);
    manifest.push(this.manifest, true);
    const apk = new StoredEntry("app.apk");
    this.zip.add(apk);
    return apk;
  }
}

/**
 * A stored (uncompressed) entry of fflate's streaming Zip, its bytes passed on as they are pushed.
 * It is fflate's `ZipPassThrough` but for the CRC-32: that one computes it in JavaScript (about
 * 450 MB/s on the 2-core development machine, the relay's bottleneck), this one with Node's native
 * `zlib.crc32` (about 5 GB/s). fflate takes any `ZipInputFile`; it reads `size` and `crc` for the
 * data descriptor once the final chunk is pushed.
 */
class StoredEntry implements ZipInputFile {
  readonly filename: string;
  readonly compression = 0;
  size = 0;
  crc = 0;
  /** Set by `Zip.add`. */
  ondata?: AsyncFlateStreamHandler;

  constructor(filename: string) {
    this.filename = filename;
  }

  push(chunk: Uint8Array<ArrayBuffer>, final = false): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    this.ondata?.(null, chunk, final);
  }
}

function notAnApk(fileName: string): HttpError {
  return new HttpError(
    400,
    `"${fileName}" is not an APK: an APK is a zip archive, and this file does not start like one`,
  );
}
