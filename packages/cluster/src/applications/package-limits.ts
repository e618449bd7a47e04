/**
 * What an uploaded package may be. A package is unpacked in memory (in a worker thread) before
 * anything is created, so these bound the memory and disk one upload can take, and refuse
 * decompression bombs early: the reader charges each entry's declared size before inflating it and
 * stops as soon as a limit is passed, without unpacking the rest (see `archive/README.md`).
 *
 * Tests may lower them before starting a cluster (the route reads `maxUploadBytes` when it is
 * registered; the reader reads the others on each upload).
 */
export interface PackageLimits {
  /** Largest upload accepted (HTTP 413 past it). */
  maxUploadBytes: number;
  /** Largest total size of the unpacked files. */
  maxUnpackedBytes: number;
  /** Most entries (files and directories) an archive may hold. */
  maxEntries: number;
  /** Largest ratio of unpacked to packed bytes, checked once the unpacked total passes `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Largest `manifest.yaml`. */
  maxManifestBytes: number;
}

const mebibyte = 1024 * 1024;

export const packageLimits: PackageLimits = {
  // A 1 GiB APK with its manifest (at most 64 KiB) and the zip around them, as the dashboard sends it.
  maxUploadBytes: 1024 * mebibyte + mebibyte,
  maxUnpackedBytes: 2048 * mebibyte,
  maxEntries: 10_000,
  maxRatio: 100,
  ratioFloorBytes: 10 * mebibyte,
  maxManifestBytes: mebibyte,
};
