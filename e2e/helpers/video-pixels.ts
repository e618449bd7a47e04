import { expect, type Locator, type Page } from "@playwright/test";

// What a <video> of a stream shows, read back from its decoded frames: to see that an input made
// the round trip to the virtual device and back on its screen.

export interface ScreenPoint {
  x: number;
  y: number;
}

/** The decoded video's pixels around a point of the device's screen, as RGB triples. */
export function pixelsAround(video: Locator, point: ScreenPoint): Promise<number[]> {
  return video.evaluate((element, { x, y }) => {
    const playing = element as HTMLVideoElement;
    const canvas = document.createElement("canvas");
    canvas.width = playing.videoWidth;
    canvas.height = playing.videoHeight;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2d context");
    context.drawImage(playing, 0, 0);
    const { data } = context.getImageData(x - 8, y - 8, 16, 16);
    return [...data].filter((_, index) => index % 4 !== 3);
  }, point);
}

/** The mean absolute difference of two pixel lists (0–255). */
export function difference(before: readonly number[], after: readonly number[]): number {
  return (
    before.reduce((sum, value, index) => sum + Math.abs(value - (after[index] ?? 0)), 0) /
    before.length
  );
}

/** Where a point of the device's screen is on the page (object-fit: contain, no rotation). */
export function clientPoint(
  video: Locator,
  point: ScreenPoint,
  screen: { width: number; height: number },
): Promise<ScreenPoint> {
  return video.evaluate(
    (element, { x, y, width, height }) => {
      const box = element.getBoundingClientRect();
      const scale = Math.min(box.width / width, box.height / height);
      const left = box.left + (box.width - width * scale) / 2;
      const top = box.top + (box.height - height * scale) / 2;
      return { x: left + x * scale, y: top + y * scale };
    },
    { ...point, ...screen },
  );
}

/** Frames the browser has decoded and shown in this video so far. */
export function framesShown(video: Locator): Promise<number> {
  return video.evaluate(
    (element) => (element as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
  );
}

/**
 * Presses the mouse on a point of the device's screen as shown by `video` (a screen of `screen`'s
 * size) and waits for the device to show it there: the input's round trip. The button stays down
 * (a touch held); the caller lets go.
 */
export async function pressAndSeeItShown(
  page: Page,
  video: Locator,
  point: ScreenPoint,
  screen: { width: number; height: number },
): Promise<void> {
  const before = await pixelsAround(video, point);
  const at = await clientPoint(video, point, screen);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await expect
    .poll(async () => difference(before, await pixelsAround(video, point)), { timeout: 5_000 })
    .toBeGreaterThan(30);
}
