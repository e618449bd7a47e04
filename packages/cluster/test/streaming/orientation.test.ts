import { describe, expect, it } from "vitest";
import {
  contentRotation,
  orientationFromGravity,
  rotationDegrees,
} from "../../src/streaming/orientation.ts";

describe("orientationFromGravity", () => {
  it("follows the edge gravity pulls towards", () => {
    expect(orientationFromGravity(0, 9.8, "landscape")).toBe("portrait");
    // The SDK's rotate("landscape") (90°) reports x = -9.81.
    expect(orientationFromGravity(-9.8, 0, "portrait")).toBe("landscape");
    expect(orientationFromGravity(0, -9.8, "portrait")).toBe("reverse-portrait");
    expect(orientationFromGravity(9.8, 0, "portrait")).toBe("reverse-landscape");
    // Tilted but clearly one way.
    expect(orientationFromGravity(-7, 3, "portrait")).toBe("landscape");
  });

  it("keeps the current orientation when the device lies flat or at 45°", () => {
    expect(orientationFromGravity(0.2, 0.3, "landscape")).toBe("landscape");
    expect(orientationFromGravity(6.9, 6.9, "reverse-portrait")).toBe("reverse-portrait");
  });
});

describe("rotationDegrees and contentRotation", () => {
  it("turn the device clockwise a quarter per step, and its content the other way", () => {
    expect(contentRotation("portrait")).toBe(0);
    expect(contentRotation("landscape")).toBe(270);
    expect(contentRotation("reverse-portrait")).toBe(180);
    expect(contentRotation("reverse-landscape")).toBe(90);
    expect(rotationDegrees("portrait")).toBe(0);
    expect(rotationDegrees("landscape")).toBe(90);
    expect(rotationDegrees("reverse-portrait")).toBe(180);
    expect(rotationDegrees("reverse-landscape")).toBe(270);
  });
});
