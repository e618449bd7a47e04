import { HttpError } from "@anbox-dashboard/http-kit";
import type { ArchiveLimits } from "./archive-limits.ts";

/**
 * Counts what an archive unpacks to and refuses it as soon as a limit is passed. The readers
 * charge an entry's size when they learn it, before they inflate a byte of it, so a bomb is
 * refused at its first oversized entry rather than after it was unpacked.
 */
export class UnpackBudget {
  private entries = 0;
  private bytes = 0;
  private readonly packedBytes: number;
  private readonly limits: ArchiveLimits;

  constructor(packedBytes: number, limits: ArchiveLimits) {
    this.packedBytes = packedBytes;
    this.limits = limits;
  }

  addEntry(): void {
    this.entries++;
    if (this.entries > this.limits.maxEntries) {
      throw new HttpError(
        400,
        `Invalid package: it holds more than ${this.limits.maxEntries} entries`,
      );
    }
  }

  addBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxUnpackedBytes) {
      throw new HttpError(
        413,
        `Invalid package: it unpacks to more than ${this.limits.maxUnpackedBytes} bytes`,
      );
    }
    if (
      this.bytes > this.limits.ratioFloorBytes &&
      this.bytes > this.packedBytes * this.limits.maxRatio
    ) {
      throw new HttpError(
        400,
        `Invalid package: it unpacks to more than ${this.limits.maxRatio} times its size (a decompression bomb?)`,
      );
    }
  }
}
