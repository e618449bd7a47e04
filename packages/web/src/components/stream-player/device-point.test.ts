import { describe, expect, it } from "vitest";
import { toDevicePoint } from "./device-point.ts";

const portrait = { width: 720, height: 1280 };

describe("toDevicePoint", () => {
  it("scales a video shown at half size", () => {
    const rect = { left: 100, top: 50, width: 360, height: 640 };
    expect(toDevicePoint(100, 50, rect, portrait, 0)).toEqual({ x: 0, y: 0, inside: true });
    expect(toDevicePoint(280, 370, rect, portrait, 0)).toEqual({ x: 360, y: 640, inside: true });
    expect(toDevicePoint(110, 60, rect, portrait, 0)).toEqual({ x: 20, y: 20, inside: true });
    // The far corner is the last pixel.
    expect(toDevicePoint(460, 690, rect, portrait, 0)).toEqual({ x: 719, y: 1279, inside: true });
  });

  it("takes off the letterbox bars of object-fit: contain", () => {
    // A 1000x640 element: the 360x640 picture is centred, with 320 px bars left and right.
    const wide = { left: 0, top: 0, width: 1000, height: 640 };
    expect(toDevicePoint(320, 0, wide, portrait, 0)).toEqual({ x: 0, y: 0, inside: true });
    expect(toDevicePoint(500, 320, wide, portrait, 0)).toEqual({ x: 360, y: 640, inside: true });
    // On a bar: outside, clamped to the nearest edge.
    expect(toDevicePoint(100, 320, wide, portrait, 0)).toEqual({ x: 0, y: 640, inside: false });
    expect(toDevicePoint(900, 320, wide, portrait, 0)).toEqual({ x: 719, y: 640, inside: false });

    // A 360x1000 element: bars above and below (180 px each).
    const tall = { left: 0, top: 0, width: 360, height: 1000 };
    expect(toDevicePoint(180, 180, tall, portrait, 0)).toEqual({ x: 360, y: 0, inside: true });
    expect(toDevicePoint(180, 100, tall, portrait, 0)).toEqual({ x: 360, y: 0, inside: false });
  });

  // The element turned with CSS: its bounding rect is landscape for 90 and 270. Each case checks
  // where the device's own corners are shown.
  describe("rotation (clockwise)", () => {
    const landscapeRect = { left: 0, top: 0, width: 640, height: 360 };

    it("90: the device's top edge is on the right", () => {
      // Device top-left (0,0) is shown top-right; device top-right (720,0) bottom-right.
      expect(toDevicePoint(640, 0, landscapeRect, portrait, 90)).toMatchObject({ x: 0, y: 0 });
      expect(toDevicePoint(640, 360, landscapeRect, portrait, 90)).toMatchObject({ x: 719, y: 0 });
      expect(toDevicePoint(0, 0, landscapeRect, portrait, 90)).toMatchObject({ x: 0, y: 1279 });
      expect(toDevicePoint(320, 90, landscapeRect, portrait, 90)).toEqual({
        x: 180,
        y: 640,
        inside: true,
      });
    });

    it("180: upside down", () => {
      const rect = { left: 0, top: 0, width: 360, height: 640 };
      expect(toDevicePoint(360, 640, rect, portrait, 180)).toMatchObject({ x: 0, y: 0 });
      expect(toDevicePoint(0, 0, rect, portrait, 180)).toMatchObject({ x: 719, y: 1279 });
      expect(toDevicePoint(90, 160, rect, portrait, 180)).toEqual({ x: 540, y: 960, inside: true });
    });

    it("270: the device's top edge is on the left", () => {
      // Device top-left (0,0) is shown bottom-left; device top-right top-left.
      expect(toDevicePoint(0, 360, landscapeRect, portrait, 270)).toMatchObject({ x: 0, y: 0 });
      expect(toDevicePoint(0, 0, landscapeRect, portrait, 270)).toMatchObject({ x: 719, y: 0 });
      expect(toDevicePoint(640, 360, landscapeRect, portrait, 270)).toMatchObject({
        x: 0,
        y: 1279,
      });
      expect(toDevicePoint(320, 90, landscapeRect, portrait, 270)).toEqual({
        x: 540,
        y: 640,
        inside: true,
      });
    });

    it("letterboxes a rotated picture in its own (swapped) aspect", () => {
      // A square 640x640 rect turned 90: the 640x360 picture has 140 px bars above and below.
      const square = { left: 10, top: 20, width: 640, height: 640 };
      expect(toDevicePoint(650, 160, square, portrait, 90)).toEqual({ x: 0, y: 0, inside: true });
      expect(toDevicePoint(330, 100, square, portrait, 90)).toMatchObject({ inside: false });
    });
  });

  it("maps a landscape device", () => {
    const landscape = { width: 1280, height: 720 };
    const rect = { left: 0, top: 0, width: 640, height: 360 };
    expect(toDevicePoint(320, 180, rect, landscape, 0)).toEqual({ x: 640, y: 360, inside: true });
    // Turned 90 it shows portrait: a 360x640 rect.
    const turned = { left: 0, top: 0, width: 360, height: 640 };
    expect(toDevicePoint(360, 0, turned, landscape, 90)).toMatchObject({ x: 0, y: 0 });
  });

  it("says outside for an element with no size yet", () => {
    const empty = { left: 0, top: 0, width: 0, height: 0 };
    expect(toDevicePoint(0, 0, empty, portrait, 0)).toEqual({ x: 0, y: 0, inside: false });
  });
});
