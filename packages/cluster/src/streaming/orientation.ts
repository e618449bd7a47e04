import { orientationsClockwise, type Orientation } from "@anbox-dashboard/contract";

export { naturalOrientation, orientations, type Orientation } from "@anbox-dashboard/contract";

/** How far a device is turned clockwise from how it is held naturally (its framebuffer upright). */
export type Turn = 0 | 90 | 180 | 270;

const turns: readonly Turn[] = [0, 90, 180, 270];

/** How far a device held naturally `natural` is turned when it is held `orientation`. */
export function turnFor(orientation: Orientation, natural: Orientation): Turn {
  return turns[orientationsClockwise(natural).indexOf(orientation)] ?? 0;
}

/** How a device held naturally `natural` and turned `turn` is held, by the SDK's name. */
export function orientationAt(turn: Turn, natural: Orientation): Orientation {
  return orientationsClockwise(natural)[turn / 90] ?? natural;
}

/** Below this share of gravity on the screen's plane the device lies flat: keep what it was. */
const minimumInPlaneGravity = 4.9;
/** One axis must dominate the other this much, so that a device held at 45° does not flicker. */
const dominance = 1.2;

/**
 * The turn an accelerometer reading implies (m/s², Android axes: x to the right, y up the
 * screen): y ≈ +9.8 upright (0°), x ≈ -9.8 turned a quarter clockwise (90°, what the SDK's
 * `rotate()` reports for it), y ≈ -9.8 upside down (180°), x ≈ +9.8 a quarter the other way
 * (270°). The axes are the screen's, so this holds whichever way the device is held naturally.
 * A flat or ambiguous reading keeps the current turn, as Android's rotation policy does.
 */
export function turnFromGravity(x: number, y: number, current: Turn): Turn {
  const across = Math.abs(x);
  const along = Math.abs(y);
  if (Math.max(across, along) < minimumInPlaneGravity) return current;
  if (along >= across * dominance) return y > 0 ? 0 : 180;
  if (across >= along * dominance) return x < 0 ? 90 : 270;
  return current;
}

/**
 * How far the content is turned, clockwise, inside the framebuffer. The framebuffer keeps its size
 * (as a real panel does): a device turned a quarter clockwise shows its content turned a quarter
 * the other way, so that a viewer who turns the picture with the device (as the SDK and the
 * player do) sees it upright.
 */
export function contentRotation(turn: Turn): Turn {
  return turns[(4 - turn / 90) % 4] ?? 0;
}
