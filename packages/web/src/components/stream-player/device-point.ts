/** The device's screen rotation shown in the player, clockwise, in degrees. */
export type Rotation = 0 | 90 | 180 | 270;

export interface ScreenSize {
  width: number;
  height: number;
}

/** The part of a `DOMRect` the mapping reads. */
export interface ClientRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface DevicePoint {
  /** Device pixels, clamped to the screen. */
  x: number;
  y: number;
  /** Whether the client point fell on the picture (not on a letterbox bar or outside). */
  inside: boolean;
}

/**
 * Maps a pointer position (client pixels) to the device's screen pixels, which is what the
 * `input::touch-*` messages carry (reference 4.4: remote pixels after scaling and rotation).
 *
 * `videoRect` is the video element's bounding client rect *as shown*, that is after its CSS
 * rotation (`getBoundingClientRect()` of the rotated element). The frames keep the device's
 * native orientation (`screen`); the element is turned clockwise by `rotation` and the picture is
 * letterboxed inside it (`object-fit: contain`), so the picture on screen is the device screen
 * turned by `rotation`, scaled to fit and centred in `videoRect`. This undoes those steps.
 */
export function toDevicePoint(
  clientX: number,
  clientY: number,
  videoRect: ClientRect,
  screen: ScreenSize,
  rotation: Rotation,
): DevicePoint {
  const sideways = rotation === 90 || rotation === 270;
  // The device screen as shown: its sides swap when it is turned a quarter.
  const shownWidth = sideways ? screen.height : screen.width;
  const shownHeight = sideways ? screen.width : screen.height;
  const scale = Math.min(videoRect.width / shownWidth, videoRect.height / shownHeight);
  if (!(scale > 0)) return { x: 0, y: 0, inside: false };
  const offsetX = (videoRect.width - shownWidth * scale) / 2;
  const offsetY = (videoRect.height - shownHeight * scale) / 2;
  // Position on the shown picture, in device pixels.
  const u = (clientX - videoRect.left - offsetX) / scale;
  const v = (clientY - videoRect.top - offsetY) / scale;
  const inside = u >= 0 && u <= shownWidth && v >= 0 && v <= shownHeight;

  let x: number;
  let y: number;
  switch (rotation) {
    case 0:
      x = u;
      y = v;
      break;
    case 90:
      // Turned clockwise: the device's top edge is on the right.
      x = v;
      y = screen.height - u;
      break;
    case 180:
      x = screen.width - u;
      y = screen.height - v;
      break;
    case 270:
      // Turned anticlockwise: the device's top edge is on the left.
      x = screen.width - v;
      y = u;
      break;
  }
  return {
    x: clamp(Math.round(x), 0, screen.width - 1),
    y: clamp(Math.round(y), 0, screen.height - 1),
    inside,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
