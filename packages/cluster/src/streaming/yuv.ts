import type { Rect } from "./rect.ts";

/** Where the planes of a planar YUV 4:2:0 frame (ffmpeg's yuv420p) lie in its buffer. */
export interface Yuv420Layout {
  /** Even sides: each chroma sample covers a 2x2 block of pixels. */
  width: number;
  height: number;
  uOffset: number;
  vOffset: number;
  bytes: number;
}

export function yuv420Layout(width: number, height: number): Yuv420Layout {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error("a YUV 4:2:0 frame has even sides");
  const luma = width * height;
  const chroma = luma / 4;
  return { width, height, uOffset: luma, vOffset: luma + chroma, bytes: luma + 2 * chroma };
}

/**
 * Converts RGBA pixels (of a rectangle with even position and sides) into their place in a
 * yuv420p frame, with BT.601 limited-range coefficients: what ffmpeg's own conversion produces
 * and what a decoder assumes when a stream says nothing about its colours. Each chroma sample is
 * the mean of its 2x2 block.
 */
export function writeRgbaAsYuv420(
  rgba: Uint8Array | Uint8ClampedArray,
  area: Rect,
  frame: Uint8Array,
  layout: Yuv420Layout,
): void {
  const stride = area.width * 4;
  const chromaStride = layout.width / 2;
  for (let row = 0; row < area.height; row += 2) {
    let top = row * stride;
    let bottom = top + stride;
    let luma = (area.y + row) * layout.width + area.x;
    let chroma = ((area.y + row) / 2) * chromaStride + area.x / 2;
    for (let column = 0; column < area.width; column += 2) {
      const r0 = rgba[top] ?? 0;
      const g0 = rgba[top + 1] ?? 0;
      const b0 = rgba[top + 2] ?? 0;
      const r1 = rgba[top + 4] ?? 0;
      const g1 = rgba[top + 5] ?? 0;
      const b1 = rgba[top + 6] ?? 0;
      const r2 = rgba[bottom] ?? 0;
      const g2 = rgba[bottom + 1] ?? 0;
      const b2 = rgba[bottom + 2] ?? 0;
      const r3 = rgba[bottom + 4] ?? 0;
      const g3 = rgba[bottom + 5] ?? 0;
      const b3 = rgba[bottom + 6] ?? 0;
      frame[luma] = ((66 * r0 + 129 * g0 + 25 * b0 + 128) >> 8) + 16;
      frame[luma + 1] = ((66 * r1 + 129 * g1 + 25 * b1 + 128) >> 8) + 16;
      frame[luma + layout.width] = ((66 * r2 + 129 * g2 + 25 * b2 + 128) >> 8) + 16;
      frame[luma + layout.width + 1] = ((66 * r3 + 129 * g3 + 25 * b3 + 128) >> 8) + 16;
      const r = (r0 + r1 + r2 + r3 + 2) >> 2;
      const g = (g0 + g1 + g2 + g3 + 2) >> 2;
      const b = (b0 + b1 + b2 + b3 + 2) >> 2;
      frame[layout.uOffset + chroma] = ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128;
      frame[layout.vOffset + chroma] = ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128;
      top += 8;
      bottom += 8;
      luma += 2;
      chroma += 1;
    }
  }
}
