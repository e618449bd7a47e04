import { describe, expect, it } from "vitest";
import {
  cardHeightEstimate,
  cardPlacement,
  type Box,
  type CardPlace,
  type DockedCard,
} from "./card-placement.ts";

const window1280 = { width: 1280, height: 800 };

function placed(place: CardPlace | DockedCard): CardPlace {
  if ("docked" in place) throw new Error("docked, not placed");
  return place;
}

function covers(docked: CardPlace | DockedCard, box: Box): boolean {
  const place = placed(docked);
  return (
    place.left < box.left + box.width &&
    box.left < place.left + place.width &&
    place.top < box.top + box.height &&
    box.top < place.top + cardHeightEstimate
  );
}

function inside(
  docked: CardPlace | DockedCard,
  viewport: { width: number; height: number },
): boolean {
  const place = placed(docked);
  return (
    place.left >= 0 &&
    place.top >= 0 &&
    place.left + place.width <= viewport.width &&
    place.top + cardHeightEstimate <= viewport.height
  );
}

describe("where a step's card goes", () => {
  it("goes below a small element with room under it", () => {
    const link: Box = { top: 100, left: 900, width: 150, height: 40 };
    expect(cardPlacement(link, link, window1280)).toEqual({ top: 154, left: 880, width: 384 });
  });

  it("goes beside a form section too tall for the window, clear of it", () => {
    const section: Box = { top: 20, left: 80, width: 690, height: 900 };
    const place = placed(cardPlacement(section, section, window1280));
    expect(place.left).toBeGreaterThanOrEqual(80 + 690);
    expect(inside(place, window1280)).toBe(true);
  });

  it("goes beside a form's section rather than over the fields below it", () => {
    const resources: Box = { top: 220, left: 80, width: 690, height: 310 };
    const place = placed(cardPlacement(resources, resources, window1280));
    expect(place.left).toBeGreaterThanOrEqual(80 + 690);
    expect(place.top).toBe(220);
  });

  it("never covers the button the step asks for, below the element it talks about", () => {
    // Add application's advanced details fill the window; its button is under them, in view.
    const section: Box = { top: 10, left: 80, width: 1100, height: 660 };
    const button: Box = { top: 700, left: 80, width: 160, height: 40 };
    const place = cardPlacement(section, button, window1280);
    expect(covers(place, button)).toBe(false);
    expect(inside(place, window1280)).toBe(true);
  });

  it("never covers the control when nothing is clear of the element: a corner clear of the control", () => {
    const phone = { width: 375, height: 667 };
    const section: Box = { top: 0, left: 0, width: 375, height: 900 };
    const box: Box = { top: 500, left: 16, width: 200, height: 24 };
    const place = cardPlacement(section, box, phone);
    expect(covers(place, box)).toBe(false);
    expect(inside(place, phone)).toBe(true);
    expect(placed(place).width).toBe(375 - 32);
  });

  it("docks along the bottom edge when the element fills the window: no corner of it covered", () => {
    // Chapter 3's stream player on the session page at 1280 × 800.
    const player: Box = { top: 62, left: 80, width: 1184, height: 656 };
    expect(cardPlacement(player, player, window1280)).toEqual({ docked: true });
  });
});
