import type { ScreenSize } from "./device-point.ts";

/** `<timestamp>.png`, with the ISO date's colons made safe for every file system. */
export function screenshotFileName(now: Date): string {
  return `${now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-")}.png`;
}

/**
 * Downloads the frame the video shows, drawn at the device's screen size (the frames keep the
 * device's native orientation, whatever the player's rotation). False when the browser cannot
 * draw it.
 */
export function downloadScreenshot(
  video: HTMLVideoElement,
  screen: ScreenSize,
  now = new Date(),
): boolean {
  const canvas = document.createElement("canvas");
  canvas.width = screen.width;
  canvas.height = screen.height;
  const context = canvas.getContext("2d");
  if (!context) return false;
  context.drawImage(video, 0, 0, screen.width, screen.height);
  const link = document.createElement("a");
  // A data URL rather than an object URL: nothing to revoke once the download has started.
  link.href = canvas.toDataURL("image/png");
  link.download = screenshotFileName(now);
  link.click();
  return true;
}
