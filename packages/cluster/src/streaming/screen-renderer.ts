import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import { mergeRects, pixelRectWithin, rectArea, rectsOverlap, type Rect } from "./rect.ts";
import { backgroundColor, type Scene } from "./screen-scene.ts";
import { writeRgbaAsYuv420, yuv420Layout, type Yuv420Layout } from "./yuv.ts";

/** Past this share of the screen, one full repaint is cheaper than many pieces. */
const fullRepaintShare = 0.5;

/**
 * Two damaged rectangles are painted as one when that adds at most this many pixels: a piece
 * costs some 30 µs (a read of the scratch canvas), a pixel some 10 ns (read and conversion).
 */
const mergeSlackPixels = 4_096;
/** Rows painted at a time: the scratch canvas is this tall. Even, for whole chroma blocks. */
const bandHeight = 64;

/**
 * Paints scenes into a YUV 4:2:0 frame, repainting only what changed since the last frame.
 *
 * Two costs of @napi-rs/canvas shape this. Reading pixels back costs about 6 ns a pixel (17 ms
 * for a whole 720x1280 frame), so each frame reads back only its damaged rectangles. And the
 * first drawing after a read copies the whole canvas (Skia's copy-on-write of the snapshot that
 * the read took), about 0.2 ms for 720x1280 however small the drawing; so damage is painted in
 * bands of a small scratch canvas, never into a full-size one. A frame where the clock, the frame
 * counter and the moving block change then costs a fraction of a millisecond.
 *
 * The frame goes to the encoder as yuv420p, 2.7 times smaller than RGBA through the pipe, which
 * also spares ffmpeg a colour conversion of every pixel of every frame.
 */
export class ScreenRenderer {
  /** The frame's size: the screen's, rounded up to even sides (4:2:0 needs them). */
  readonly width: number;
  readonly height: number;
  readonly layout: Yuv420Layout;
  private readonly scratch: Canvas;
  private readonly context: SKRSContext2D;
  /** The frame as the encoder gets it: yuv420p, planes Y, U, V. */
  private readonly frame: Buffer;
  private previous = new Map<string, { rect: Rect; signature: string }>();
  private previousRotation: number | undefined;
  /** Pixels repainted by the last render (for tests and measurements). */
  damagedPixels = 0;
  /** The rectangles the last render repainted (pixels that may differ from the frame before). */
  lastDamage: readonly Rect[] = [];

  constructor(screenWidth: number, screenHeight: number) {
    this.width = screenWidth + (screenWidth % 2);
    this.height = screenHeight + (screenHeight % 2);
    this.layout = yuv420Layout(this.width, this.height);
    this.scratch = createCanvas(this.width, Math.min(bandHeight, this.height));
    this.context = this.scratch.getContext("2d", { alpha: false });
    this.frame = Buffer.alloc(this.layout.bytes);
  }

  /** Brings the frame up to the scene and returns it (the same buffer every time). */
  render(scene: Scene): Buffer {
    const damage = this.damage(scene);
    this.lastDamage = damage;
    this.damagedPixels = 0;
    for (const rect of damage) {
      const bottom = rect.y + rect.height;
      // Bands lie on a fixed grid, so that a pixel is always drawn with the same transform:
      // Skia's anti-aliasing differs slightly with a shape's position on the canvas.
      for (let top = rect.y - (rect.y % bandHeight); top < bottom; top += bandHeight) {
        const y = Math.max(top, rect.y);
        const band = { ...rect, y, height: Math.min(top + bandHeight, bottom) - y };
        this.paint(band, top, scene);
        const pixels = this.context.getImageData(band.x, y - top, band.width, band.height).data;
        writeRgbaAsYuv420(pixels, band, this.frame, this.layout);
      }
      this.damagedPixels += rectArea(rect);
    }
    return this.frame;
  }
  /** The rectangles whose pixels differ from the last frame's (all of it on the first frame). */
  private damage(scene: Scene): Rect[] {
    const current = new Map(scene.items.map((item) => [item.key, item]));
    const whole = { x: 0, y: 0, width: this.width, height: this.height };
    const rotated = scene.rotation !== this.previousRotation;
    this.previousRotation = scene.rotation;
    const previous = this.previous;
    this.previous = new Map(
      scene.items.map((item) => [item.key, { rect: item.rect, signature: item.signature }]),
    );
    if (rotated) return [whole];
    const changed: Rect[] = [];
    for (const [key, before] of previous) {
      const now = current.get(key);
      if (now === undefined) {
        changed.push(before.rect);
      } else if (now.signature !== before.signature || !sameRect(now.rect, before.rect)) {
        changed.push(before.rect, now.rect);
      }
    }
    for (const item of scene.items) {
      if (!previous.has(item.key)) changed.push(item.rect);
    }
    const pixels = changed
      .map((rect) => pixelRectWithin(rect, this.width, this.height))
      .filter((rect) => rect !== undefined)
      .map(evenRect);
    const merged = mergeRects(pixels, mergeSlackPixels);
    const area = merged.reduce((sum, rect) => sum + rectArea(rect), 0);
    return area > this.width * this.height * fullRepaintShare ? [whole] : merged;
  }

  /** Paints an area of the frame into the scratch canvas, which holds the band from `top`. */
  private paint(area: Rect, top: number, scene: Scene): void {
    const context = this.context;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, -top);
    context.beginPath();
    context.rect(area.x, area.y, area.width, area.height);
    context.clip();
    context.fillStyle = backgroundColor;
    context.fillRect(area.x, area.y, area.width, area.height);
    for (const item of scene.items) {
      if (!rectsOverlap(item.rect, area)) continue;
      context.save();
      // Each item is held to its own rectangle, so that repainting that rectangle erases it.
      context.beginPath();
      context.rect(item.rect.x, item.rect.y, item.rect.width, item.rect.height);
      context.clip();
      if (item.rotated) {
        const [a, b, c, d, e, f] = scene.transform;
        context.setTransform(a, b, c, d, e, f - top);
      }
      item.paint(context);
      context.restore();
    }
    context.restore();
  }
}

/** Grows a rectangle to even edges, so that it covers whole 2x2 chroma blocks (sides are even). */
function evenRect(rect: Rect): Rect {
  const x = rect.x - (rect.x % 2);
  const y = rect.y - (rect.y % 2);
  const right = rect.x + rect.width + ((rect.x + rect.width) % 2);
  const bottom = rect.y + rect.height + ((rect.y + rect.height) % 2);
  return { x, y, width: right - x, height: bottom - y };
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
