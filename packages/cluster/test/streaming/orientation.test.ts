import { describe, expect, it } from "vitest";
import {
  contentRotation,
  naturalOrientation,
  orientationAt,
  turnFor,
  turnFromGravity,
} from "../../src/streaming/orientation.ts";

describe("turnFromGravity", () => {
  it("follows the edge gravity pulls towards", () => {
    expect(turnFromGravity(0, 9.8, 90)).toBe(0);
    // The SDK's rotate() of a quarter clockwise (90°) reports x = -9.81.
    expect(turnFromGravity(-9.8, 0, 0)).toBe(90);
    expect(turnFromGravity(0, -9.8, 0)).toBe(180);
    expect(turnFromGravity(9.8, 0, 0)).toBe(270);
    // Tilted but clearly one way.
    expect(turnFromGravity(-7, 3, 0)).toBe(90);
  });

  it("keeps the current turn when the device lies flat or at 45°", () => {
    expect(turnFromGravity(0.2, 0.3, 90)).toBe(90);
    expect(turnFromGravity(6.9, 6.9, 180)).toBe(180);
  });
});

describe("the SDK's names", () => {
  it("start from how the screen is held naturally", () => {
    expect(naturalOrientation({ width: 720, height: 1280 })).toBe("portrait");
    expect(naturalOrientation({ width: 1280, height: 720 })).toBe("landscape");
    expect(naturalOrientation({ width: 800, height: 800 })).toBe("portrait");
  });

  it("turn a portrait device portrait → landscape → reverses, a landscape one landscape → reverse-portrait → …", () => {
    const portraitNames = [0, 90, 180, 270] as const;
    expect(portraitNames.map((turn) => orientationAt(turn, "portrait"))).toEqual([
      "portrait",
      "landscape",
      "reverse-portrait",
      "reverse-landscape",
    ]);
    expect(portraitNames.map((turn) => orientationAt(turn, "landscape"))).toEqual([
      "landscape",
      "reverse-portrait",
      "reverse-landscape",
      "portrait",
    ]);
    for (const natural of ["portrait", "landscape"] as const) {
      for (const turn of portraitNames) {
        expect(turnFor(orientationAt(turn, natural), natural)).toBe(turn);
      }
    }
  });
});

describe("contentRotation", () => {
  it("turns the content the other way from the device", () => {
    expect(contentRotation(0)).toBe(0);
    expect(contentRotation(90)).toBe(270);
    expect(contentRotation(180)).toBe(180);
    expect(contentRotation(270)).toBe(90);
  });
});
