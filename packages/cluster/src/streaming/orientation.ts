/** The four ways a device can be held, as the streaming SDK names them (`rotate()`). */
export const orientations = [
  "portrait",
  "landscape",
  "reverse-portrait",
  "reverse-landscape",
] as const;
export type Orientation = (typeof orientations)[number];

/** Below this share of gravity on the screen's plane the device lies flat: keep what it was. */
const minimumInPlaneGravity = 4.9;
/** One axis must dominate the other this much, so that a device held at 45° does not flicker. */
const dominance = 1.2;

/**
 * The orientation an accelerometer reading implies (m/s², Android axes: x to the right, y up the
 * screen): y ≈ +9.8 upright (portrait), x ≈ -9.8 turned a quarter clockwise (landscape: what the
 * streaming SDK's `rotate("landscape")`, 90°, reports), y ≈ -9.8 upside down, x ≈ +9.8 turned a
 * quarter the other way (reverse-landscape, 270°).
 * A flat or ambiguous reading keeps the current orientation, as Android's rotation policy does.
 */
export function orientationFromGravity(x: number, y: number, current: Orientation): Orientation {
  const across = Math.abs(x);
  const along = Math.abs(y);
  if (Math.max(across, along) < minimumInPlaneGravity) return current;
  if (along >= across * dominance) return y > 0 ? "portrait" : "reverse-portrait";
  if (across >= along * dominance) return x < 0 ? "landscape" : "reverse-landscape";
  return current;
}

/** How far the device is turned, clockwise, in the streaming SDK's degrees (`rotate()`). */
export function rotationDegrees(orientation: Orientation): 0 | 90 | 180 | 270 {
  switch (orientation) {
    case "portrait":
      return 0;
    case "landscape":
      return 90;
    case "reverse-portrait":
      return 180;
    case "reverse-landscape":
      return 270;
  }
}

/**
 * How far the content is turned, clockwise, inside the framebuffer. The framebuffer keeps its size
 * (as a real panel does): a device turned a quarter clockwise shows its content turned a quarter
 * the other way, so that a viewer who turns the picture with the device (as the SDK and the
 * player do) sees it upright.
 */
export function contentRotation(orientation: Orientation): 0 | 90 | 180 | 270 {
  return ((360 - rotationDegrees(orientation)) % 360) as 0 | 90 | 180 | 270;
}
