// How a device is held, as the streaming SDK names it: shared by the web player, which asks the
// device to turn, and the embedded cluster's virtual device, which turns.

/** The four ways a device can be held, as the streaming SDK names them (`rotate()`). */
export const orientations = [
  "portrait",
  "landscape",
  "reverse-portrait",
  "reverse-landscape",
] as const;
export type Orientation = (typeof orientations)[number];

/** How a device of this size is held naturally: a screen wider than high is a landscape one. */
export function naturalOrientation(bounds: { width: number; height: number }): Orientation {
  return bounds.width > bounds.height ? "landscape" : "portrait";
}

// Clockwise from the natural orientation, a quarter turn a step: the SDK's tables in `rotate()`.
const portraitFirst: readonly Orientation[] = [
  "portrait",
  "landscape",
  "reverse-portrait",
  "reverse-landscape",
];
const landscapeFirst: readonly Orientation[] = [
  "landscape",
  "reverse-portrait",
  "reverse-landscape",
  "portrait",
];

/** The orientations a quarter turn clockwise apart, from `natural` (the SDK's table for it). */
export function orientationsClockwise(natural: Orientation): readonly Orientation[] {
  return natural === "landscape" ? landscapeFirst : portraitFirst;
}
