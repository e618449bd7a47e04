// The true input-to-screen time: the virtual device counts the input it applies and shows the
// count (modulo 256) in every frame, as eight black or white blocks of 12 pixels in a row at the
// bottom right corner, most significant bit first (packages/cluster/src/streaming/input-marker.ts:
// the two must agree). The player counts the input it sends the same way; the first frame whose
// count reaches an input's is the frame that shows it.

/**
 * The control messages that count as input, on both sides. The player's IME events are the
 * characters typed (committed text, use-keyboard-capture.ts), which the device counts as input.
 */
const inputTypes: ReadonlySet<string> = new Set([
  "input::touch-start",
  "input::touch-move",
  "input::touch-end",
  "input::key",
  "input::ime-event",
  "input::mouse-move",
  "input::mouse-button",
]);

export function countsAsInput(type: string): boolean {
  return inputTypes.has(type);
}

const blockSize = 12;
const bits = 8;

/** Where the marker is in a frame of this size (frames keep the device's own orientation). */
export function markerRegion(frame: { width: number; height: number }) {
  return {
    x: frame.width - bits * blockSize,
    y: frame.height - blockSize,
    width: bits * blockSize,
    height: blockSize,
  };
}

/** The count the marker shows, from its region's RGBA pixels (each block read at its centre). */
export function readMarker(rgba: Uint8ClampedArray, regionWidth: number): number {
  return readBlocks((x, y) => {
    const at = (y * regionWidth + x) * 4;
    return 0.299 * (rgba[at] ?? 0) + 0.587 * (rgba[at + 1] ?? 0) + 0.114 * (rgba[at + 2] ?? 0);
  });
}

/**
 * The count the marker shows, from its region's luma plane as a decoded frame holds it (Y of
 * I420 or NV12, `stride` bytes a row): read so, no pixel of the frame is converted to RGB.
 */
export function readMarkerLuma(luma: Uint8Array, stride: number): number {
  // Video range: black is 16 and white 235, so 128 still splits them.
  return readBlocks((x, y) => luma[y * stride + x] ?? 0);
}

/** The blocks' bits, most significant first, each read at its centre as a brightness 0-255. */
function readBlocks(brightnessAt: (x: number, y: number) => number): number {
  let value = 0;
  const row = Math.floor(blockSize / 2);
  for (let bit = 0; bit < bits; bit++) {
    const x = bit * blockSize + Math.floor(blockSize / 2);
    value = (value << 1) | (brightnessAt(x, row) > 128 ? 1 : 0);
  }
  return value;
}

/** An input not yet seen on screen is given up after this long (a frame lost, a stalled stream). */
const pendingLimitMs = 3_000;
/** Measurements kept: the last five minutes' at most, as the statistics' history. */
const keptMeasurements = 2_000;

export interface LatencySummary {
  last: number;
  p50: number;
  p95: number;
  /** How many inputs were measured in the window. */
  count: number;
}

/** Matches the input sent with the frames that show it; a page keeps one for its stream. */
export class InputLatencyProbe {
  #sent = 0;
  #pending: { count: number; at: number }[] = [];
  #measured: { at: number; ms: number }[] = [];

  /** A new stream: the device counts from zero again. */
  reset(): void {
    this.#sent = 0;
    this.#pending = [];
  }

  /** An input went out at `at` (performance.now()). */
  sent(at: number): void {
    this.#sent++;
    this.#pending.push({ count: this.#sent, at });
  }

  /**
   * An input went out while nothing is timed (the device draws no marker then): counted, as the
   * device counts it, but not waited for.
   */
  skipped(): void {
    this.#sent++;
  }

  /** Inputs wait to be seen: frames are worth reading. */
  get waiting(): boolean {
    return this.#pending.length > 0;
  }

  /** A frame shown at `at` (performance.now()) carries `marker`. */
  shown(marker: number, at: number): void {
    this.#pending = this.#pending.filter((input) => {
      // The device has applied this input when its count, modulo 256, is not ahead of the marker.
      const behind = (marker - (input.count & 0xff) + 256) % 256;
      if (behind < 128) {
        this.#measured.push({ at, ms: Math.max(0, at - input.at) });
        return false;
      }
      return at - input.at < pendingLimitMs;
    });
    if (this.#measured.length > keptMeasurements) {
      this.#measured.splice(0, this.#measured.length - keptMeasurements);
    }
  }

  /** The last measurement, and the median and 95th percentile of those of the last `windowMs`. */
  summary(now: number, windowMs = 10_000): LatencySummary | undefined {
    const recent = this.#measured.filter((measurement) => now - measurement.at <= windowMs);
    const last = this.#measured.at(-1);
    if (recent.length === 0 || last === undefined) return undefined;
    const sorted = recent.map((measurement) => measurement.ms).toSorted((a, b) => a - b);
    const percentile = (share: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
    return { last: last.ms, p50: percentile(0.5), p95: percentile(0.95), count: sorted.length };
  }
}
