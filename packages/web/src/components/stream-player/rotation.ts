import {
  naturalOrientation,
  orientationsClockwise,
  type Orientation,
} from "@anbox-dashboard/contract";
import type { Rotation, ScreenSize } from "./device-point.ts";

/** The next quarter turn, clockwise (Rotate right) or anticlockwise (Rotate left). */
export function nextRotation(rotation: Rotation, direction: "right" | "left" = "right"): Rotation {
  return ((rotation + (direction === "right" ? 90 : 270)) % 360) as Rotation;
}

/**
 * The orientation a rotation puts the device in. A device whose screen is wider than high starts
 * in landscape, so that a quarter turn makes it reverse-portrait (the SDK's table).
 */
export function orientationFor(rotation: Rotation, screen: ScreenSize): Orientation {
  return orientationsClockwise(naturalOrientation(screen))[rotation / 90] ?? "portrait";
}

const gravity = 9.81;

/**
 * The accelerometer reading of a device held in `rotation` (m/s², Android axes: x to the right,
 * y up the screen). The SDK fakes this reading on rotate so that apps following the sensor turn.
 */
export function accelerationFor(rotation: Rotation): { x: number; y: number; z: number } {
  switch (rotation) {
    case 0:
      return { x: 0, y: gravity, z: 0 };
    case 90:
      return { x: -gravity, y: 0, z: 0 };
    case 180:
      return { x: 0, y: -gravity, z: 0 };
    case 270:
      return { x: gravity, y: 0, z: 0 };
  }
}
