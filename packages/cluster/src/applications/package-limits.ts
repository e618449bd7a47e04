import type { ArchiveLimits } from "../archive/archive-limits.ts";

/**
 * What an uploaded application package may be. A package is unpacked (in a worker thread) before
 * anything is created, and again into its version's directory by the bootstrap, so these bound the
 * memory, disk and time one upload can take (see `../archive/README.md`).
 *
 * Tests may lower them before starting a cluster (the route reads `maxUploadBytes` when it is
 * registered; the reader reads the others on each upload).
 */
export interface PackageLimits extends ArchiveLimits {
  /** Largest upload accepted (HTTP 413 past it). */
  maxUploadBytes: number;
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
  // 2 GiB of bzip2 takes about a minute on a small machine.
  maxSeconds: 300,
  specialEntries: "refuse",
  pool: "applications",
  maxManifestBytes: mebibyte,
};
