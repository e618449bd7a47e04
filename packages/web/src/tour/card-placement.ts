// Where a tour step's card goes: beside what the step talks about, never over the control the step
// asks the user to use (issue: a card covered the "Enable streaming" box of the step before, and
// "Click Add application" pointed at a button the card then hid).

/** A rectangle in viewport pixels. */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Where the card is drawn (viewport pixels, `position: fixed`). */
export interface CardPlace {
  top: number;
  left: number;
  width: number;
}

/**
 * Docked along the window's bottom edge, as a short bar the window's width: for an element that
 * fills the window (the stream of chapter 3), where a card in any corner would cover part of it.
 */
export interface DockedCard {
  docked: true;
}

/** Room the card needs: its few lines, a "still to do" line and its buttons. */
export const cardHeightEstimate = 240;
const cardMaxWidth = 384;
/** Taller than this, an element is a section of a form rather than a control or a link. */
const sectionHeight = 120;
/** Between the element's ring and the card. */
const gap = 14;
/** Between the card and the window's edges. */
const margin = 16;

function overlaps(a: Box, b: Box): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(value, high));
}

/**
 * The card's place: below a control or a link when there is room, beside a form's section (below
 * it would cover the form's next fields); else above the element, to its left; else in a corner of
 * the window. Every place is inside the window and clear of `keep` (the
 * control the step is about: its button, its field); the places around the element are clear of
 * the element too. When no place is clear of `keep` (the stream filling the window, a phone's
 * window filled by the control), the card docks along the bottom edge as a bar: what it covers
 * there is the element's bottom strip (the player's shortcuts line), not a corner of it.
 */
export function cardPlacement(element: Box, keep: Box, viewport: Viewport): CardPlace | DockedCard {
  const width = Math.min(cardMaxWidth, viewport.width - 2 * margin);
  const height = cardHeightEstimate;
  const maxLeft = viewport.width - width - margin;
  const maxTop = viewport.height - height - margin;
  const alignedLeft = clamp(element.left, margin, maxLeft);
  const alignedTop = clamp(element.top, margin, maxTop);
  const below: CardPlace = { top: element.top + element.height + gap, left: alignedLeft, width };
  const right: CardPlace = { top: alignedTop, left: element.left + element.width + gap, width };
  const around: CardPlace[] = [
    // A form's section: beside it, where the card covers none of the form's next fields.
    ...(element.height > sectionHeight ? [right, below] : [below, right]),
    { top: element.top - gap - height, left: alignedLeft, width },
    { top: alignedTop, left: element.left - gap - width, width },
  ];
  const corners: CardPlace[] = [
    { top: maxTop, left: maxLeft, width },
    { top: margin, left: maxLeft, width },
    { top: maxTop, left: margin, width },
    { top: margin, left: margin, width },
  ];
  const fits = (place: CardPlace) =>
    place.top >= margin && place.top <= maxTop && place.left >= margin && place.left <= maxLeft;
  const clearOf = (box: Box) => (place: CardPlace) => !overlaps({ ...place, height }, box);
  return (
    around.find((place) => fits(place) && clearOf(keep)(place) && clearOf(element)(place)) ??
    corners.find(clearOf(keep)) ?? { docked: true }
  );
}
