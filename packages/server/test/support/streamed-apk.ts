// APKs of any size made as they are sent: a zip (fflate's streaming Zip, stored entries) holding
// AndroidManifest.xml and a large asset of a repeated pattern, produced a MiB at a time, so that a
// test can send hundreds of MiB without holding them.
import { Readable } from "node:stream";
import { Zip, ZipPassThrough, strToU8 } from "fflate";

function* patternChunks(total: number): Generator<Uint8Array> {
  const pattern = new Uint8Array(1024 * 1024).map((_, index) => (index * 2654435761) >>> 24);
  for (let sent = 0; sent < total; sent += pattern.length) {
    yield pattern.subarray(0, Math.min(pattern.length, total - sent));
  }
}

function* apkChunks(assetBytes: number): Generator<Uint8Array> {
  const output: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    output.push(data);
  });
  const manifest = new ZipPassThrough("AndroidManifest.xml");
  zip.add(manifest);
  manifest.push(strToU8("<manifest/>"), true);
  const asset = new ZipPassThrough("assets/blob.bin");
  zip.add(asset);
  for (const chunk of patternChunks(assetBytes)) {
    asset.push(chunk);
    yield* output.splice(0);
  }
  asset.push(new Uint8Array(0), true);
  zip.end();
  yield* output.splice(0);
}

/** An APK whose asset is `assetBytes` long (the APK is about 200 bytes more). */
export function streamedApk(assetBytes: number): Readable {
  return Readable.from(apkChunks(assetBytes), { objectMode: false });
}
