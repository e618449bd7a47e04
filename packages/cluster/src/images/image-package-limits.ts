import type { ArchiveLimits } from "../archive/archive-limits.ts";

const mebibyte = 1024 * 1024;
const gibibyte = 1024 * mebibyte;

/**
 * What an image package may unpack to. The package is kept whole (never unpacked here): it is read
 * once, in the archive worker, to check that it is a sound archive and to find its
 * `metadata.yaml`. Its size is bounded by the upload's limit (`maxImageUploadBytes`).
 */
export const imagePackageLimits: ArchiveLimits & { maxMetadataBytes: number } = {
  maxUnpackedBytes: 64 * gibibyte,
  // A root filesystem holds tens of thousands of files.
  maxEntries: 500_000,
  maxRatio: 100,
  ratioFloorBytes: 10 * mebibyte,
  // 8 GiB of gzip (the largest upload by default) takes a few minutes on a small machine.
  maxSeconds: 1800,
  specialEntries: "skip",
  pool: "images",
  maxMetadataBytes: 64 * 1024,
};
