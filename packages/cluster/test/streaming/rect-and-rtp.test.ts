import { describe, expect, it } from "vitest";
import { mergeRects, pixelRectWithin, rectArea } from "../../src/streaming/rect.ts";
import { isRtp } from "../../src/streaming/rtp-relay.ts";

describe("mergeRects", () => {
  it("merges overlapping rectangles, and close ones when that costs little", () => {
    const a = { x: 0, y: 0, width: 10, height: 10 };
    const b = { x: 5, y: 5, width: 10, height: 10 };
    const far = { x: 100, y: 100, width: 10, height: 10 };
    expect(mergeRects([a, b, far])).toEqual([{ x: 0, y: 0, width: 15, height: 15 }, far]);
    const near = { x: 12, y: 0, width: 10, height: 10 };
    expect(mergeRects([a, near])).toHaveLength(2);
    expect(mergeRects([a, near], 100)).toEqual([{ x: 0, y: 0, width: 22, height: 10 }]);
  });

  it("merges in chains: a grown rectangle may swallow ones already passed", () => {
    const rects = [
      { x: 0, y: 0, width: 4, height: 4 },
      { x: 10, y: 0, width: 4, height: 4 },
      { x: 2, y: 0, width: 10, height: 4 },
    ];
    expect(mergeRects(rects)).toEqual([{ x: 0, y: 0, width: 14, height: 4 }]);
  });

  it("snaps to whole pixels inside the frame", () => {
    expect(pixelRectWithin({ x: -3.5, y: 10.2, width: 10, height: 5 }, 100, 12)).toEqual({
      x: 0,
      y: 10,
      width: 7,
      height: 2,
    });
    expect(pixelRectWithin({ x: 200, y: 0, width: 10, height: 5 }, 100, 100)).toBeUndefined();
    expect(rectArea({ x: 1, y: 1, width: 3, height: 4 })).toBe(12);
  });
});

describe("isRtp", () => {
  const packet = (first: number, second: number): Buffer =>
    Buffer.concat([Buffer.from([first, second]), Buffer.alloc(10)]);

  it("takes RTP and leaves RTCP and strays", () => {
    expect(isRtp(packet(0x80, 96))).toBe(true);
    expect(isRtp(packet(0x80, 0x80 | 96))).toBe(true); // marker bit set
    expect(isRtp(packet(0x80, 200))).toBe(false); // sender report
    expect(isRtp(packet(0x81, 201))).toBe(false); // receiver report
    expect(isRtp(packet(0x40, 96))).toBe(false); // version 1
    expect(isRtp(Buffer.from([0x80, 96, 0]))).toBe(false); // too short
  });
});
