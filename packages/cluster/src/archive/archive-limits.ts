/**
 * What unpacking one archive may take: the budgets every package is read within, whatever its
 * kind (application packages: `../applications/package-limits.ts`; image packages:
 * `../images/image-package-limits.ts`). The readers charge each entry when they learn its size,
 * before they decompress a byte of it, and stop as soon as a budget is passed.
 */
export interface ArchiveLimits {
  /** Largest total size of the unpacked files. */
  maxUnpackedBytes: number;
  /** Most entries (files, directories, and links where they are skipped) an archive may hold. */
  maxEntries: number;
  /** Largest ratio of unpacked to packed bytes, checked once the unpacked total passes `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Longest the unpacking may take: past it the worker is stopped and the package refused. */
  maxSeconds: number;
  /**
   * What a tar entry that is neither a file nor a directory (a link, a device, a fifo) does:
   * `refuse` where the package is unpacked to disk (an application's), `skip` where it is only
   * checked and kept whole (an image's root filesystem holds links by the thousand).
   */
  specialEntries: "refuse" | "skip";
  /** Whose share of the worker threads it waits for (`run-archive-worker.ts`). */
  pool: "applications" | "images";
}
