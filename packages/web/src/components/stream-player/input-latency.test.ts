import { describe, expect, it } from "vitest";
import {
  InputLatencyProbe,
  countsAsInput,
  markerRegion,
  readMarker,
  readMarkerLuma,
} from "./input-latency.ts";

/** The marker's pixels as the device draws them: white blocks for ones, black for zeros. */
function markerPixels(value: number): Uint8ClampedArray {
  const width = 96;
  const pixels = new Uint8ClampedArray(width * 12 * 4);
  for (let y = 0; y < 12; y++) {
    for (let x = 0; x < width; x++) {
      const bit = (value >> (7 - Math.floor(x / 12))) & 1;
      // A codec's noise: never pure black or white.
      const level = bit === 1 ? 235 : 20;
      pixels.set([level, level, level, 255], (y * width + x) * 4);
    }
  }
  return pixels;
}

describe("the input marker, read back", () => {
  it("reads the count from the blocks, and sits at the frame's bottom right", () => {
    for (const value of [0, 1, 2, 0x80, 0xa5, 0xff]) {
      expect(readMarker(markerPixels(value), 96)).toBe(value);
    }
    expect(markerRegion({ width: 720, height: 1280 })).toEqual({
      x: 624,
      y: 1268,
      width: 96,
      height: 12,
    });
  });

  it("reads the count from a decoded frame's luma, rows `stride` bytes apart", () => {
    const stride = 128; // wider than the region, as a decoder's rows are
    for (const value of [0, 1, 0x5a, 0xff]) {
      const luma = new Uint8Array(stride * 12);
      for (let y = 0; y < 12; y++) {
        for (let x = 0; x < 96; x++) {
          // Video range, with a codec's noise: black near 16, white near 235.
          luma[y * stride + x] = (value >> (7 - Math.floor(x / 12))) & 1 ? 230 : 22;
        }
      }
      expect(readMarkerLuma(luma, stride)).toBe(value);
    }
  });

  it("counts the same messages as the device", () => {
    expect(countsAsInput("input::touch-start")).toBe(true);
    expect(countsAsInput("input::key")).toBe(true);
    expect(countsAsInput("input::ime-event")).toBe(true);
    expect(countsAsInput("input::rotate")).toBe(false);
    expect(countsAsInput("sensor:event")).toBe(false);
  });
});

describe("InputLatencyProbe", () => {
  it("times each input to the first frame that shows it", () => {
    const probe = new InputLatencyProbe();
    probe.sent(1_000);
    probe.sent(1_010);
    expect(probe.waiting).toBe(true);
    probe.shown(0, 1_020); // Neither applied yet.
    probe.shown(1, 1_040); // The first.
    probe.shown(2, 1_075); // The second.
    expect(probe.waiting).toBe(false);
    expect(probe.summary(1_100)).toEqual({ last: 65, p50: 40, p95: 65, count: 2 });
  });

  it("wraps at 256, forgets inputs never seen, and starts again for a new stream", () => {
    const probe = new InputLatencyProbe();
    // A hundred inputs between frames, three times: the count passes 256 on the way.
    for (let round = 1; round <= 3; round++) {
      for (let index = 0; index < 100; index++) probe.sent(round * 100);
      probe.shown((round * 100) & 0xff, round * 100 + 50);
      expect(probe.waiting).toBe(false);
    }
    expect(probe.summary(400)).toEqual({ last: 50, p50: 50, p95: 50, count: 300 });

    probe.sent(1_000);
    probe.shown(300 & 0xff, 5_000); // Still the old count, long after: given up.
    expect(probe.waiting).toBe(false);

    probe.reset();
    probe.sent(6_000);
    probe.shown(1, 6_030);
    expect(probe.summary(6_030)).toMatchObject({ last: 30 });
    // Only the window's measurements count for the percentiles.
    expect(probe.summary(20_000)).toBeUndefined();
  });
});
