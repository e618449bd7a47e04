/** An axis-aligned rectangle in framebuffer pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function unionRect(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The whole pixels a rectangle touches inside a width×height area, or undefined if none. */
export function pixelRectWithin(rect: Rect, width: number, height: number): Rect | undefined {
  const left = Math.max(0, Math.floor(rect.x));
  const top = Math.max(0, Math.floor(rect.y));
  const right = Math.min(width, Math.ceil(rect.x + rect.width));
  const bottom = Math.min(height, Math.ceil(rect.y + rect.height));
  if (right <= left || bottom <= top) return undefined;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * Merges rectangles that overlap, or that lie so close together that one rectangle around both
 * adds at most `slack` pixels, until no two qualify. The result covers at least what the input
 * covered, in fewer pieces: each piece has a fixed cost, each pixel a small one.
 */
export function mergeRects(rects: readonly Rect[], slack = 0): Rect[] {
  const merged: Rect[] = [];
  for (const rect of rects) {
    let current = rect;
    for (let index = merged.length - 1; index >= 0; index--) {
      const other = merged[index];
      if (!other) continue;
      const union = unionRect(current, other);
      if (
        rectsOverlap(current, other) ||
        rectArea(union) <= rectArea(current) + rectArea(other) + slack
      ) {
        current = union;
        merged.splice(index, 1);
        index = merged.length; // The grown rectangle may now qualify with ones already passed.
      }
    }
    merged.push(current);
  }
  return merged;
}

export function rectArea(rect: Rect): number {
  return rect.width * rect.height;
}
