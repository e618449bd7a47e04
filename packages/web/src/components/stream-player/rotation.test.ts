import { describe, expect, it } from "vitest";
import { accelerationFor, nextRotation, orientationFor } from "./rotation.ts";

const portrait = { width: 720, height: 1280 };
const landscape = { width: 1280, height: 720 };

describe("rotation", () => {
  it("turns a quarter clockwise and comes back", () => {
    expect(nextRotation(0)).toBe(90);
    expect(nextRotation(90)).toBe(180);
    expect(nextRotation(180)).toBe(270);
    expect(nextRotation(270)).toBe(0);
  });

  it("names the orientations of a portrait device: portrait → landscape → reverses", () => {
    expect(orientationFor(0, portrait)).toBe("portrait");
    expect(orientationFor(90, portrait)).toBe("landscape");
    expect(orientationFor(180, portrait)).toBe("reverse-portrait");
    expect(orientationFor(270, portrait)).toBe("reverse-landscape");
  });

  it("starts a landscape device in landscape", () => {
    expect(orientationFor(0, landscape)).toBe("landscape");
    expect(orientationFor(90, landscape)).toBe("reverse-portrait");
    expect(orientationFor(180, landscape)).toBe("reverse-landscape");
    expect(orientationFor(270, landscape)).toBe("portrait");
  });

  it("fakes gravity along the axis that points down", () => {
    expect(accelerationFor(0)).toEqual({ x: 0, y: 9.81, z: 0 });
    expect(accelerationFor(90)).toEqual({ x: -9.81, y: 0, z: 0 });
    expect(accelerationFor(180)).toEqual({ x: 0, y: -9.81, z: 0 });
    expect(accelerationFor(270)).toEqual({ x: 9.81, y: 0, z: 0 });
  });
});
