import { describe, expect, it } from "vitest";
import { DeviceScreen, type ScreenBounds } from "../../src/streaming/device-screen.ts";
import { ScreenRenderer } from "../../src/streaming/screen-renderer.ts";
import { buildScene, formatClock } from "../../src/streaming/screen-scene.ts";
import { wrapLines } from "../../src/streaming/scene-text.ts";
import { writeRgbaAsYuv420, yuv420Layout } from "../../src/streaming/yuv.ts";
import type { ControlEvent } from "../../src/streaming/control-messages.ts";
import type { Orientation } from "../../src/streaming/orientation.ts";

const start = new Date(2026, 0, 1, 12, 0, 0).getTime();

function sceneAt(screen: DeviceScreen, bounds: ScreenBounds, frameNumber: number, now: number) {
  return buildScene({
    ...bounds,
    fps: 30,
    density: 240,
    instanceName: "renderer-test",
    source: "android14 (image)",
    screen,
    now,
    frameNumber,
  });
}

/** Renders frames one by one, checking each against a fresh full render of the same scene. */
function checkAgainstFullRenders(
  bounds: ScreenBounds,
  inputs: Map<number, ControlEvent[]>,
  frames: number,
): number[] {
  const screen = new DeviceScreen();
  const renderer = new ScreenRenderer(bounds.width, bounds.height);
  const damaged: number[] = [];
  for (let frame = 1; frame <= frames; frame++) {
    const now = start + frame * 33;
    for (const event of inputs.get(frame) ?? []) screen.apply(event, bounds, now);
    const incremental = Buffer.from(renderer.render(sceneAt(screen, bounds, frame, now)));
    damaged.push(renderer.damagedPixels);
    const full = new ScreenRenderer(bounds.width, bounds.height).render(
      sceneAt(screen, bounds, frame, now),
    );
    expect(incremental.equals(full), `frame ${frame} matches a full render`).toBe(true);
  }
  return damaged;
}

describe("ScreenRenderer", () => {
  it("repaints only what changed, and what it repaints matches a full render", () => {
    const bounds = { width: 360, height: 640 };
    const inputs = new Map<number, ControlEvent[]>([
      // In the typed text's box: a fading dot over a line of text may differ from a full render by
      // a few levels on its anti-aliased edge where a repaint's edge cuts it (bench notes).
      [2, [{ kind: "touch-start", id: 0, x: 100, y: 400 }]],
      [3, [{ kind: "touch-move", id: 0, x: 140, y: 420 }]],
      [
        4,
        [
          { kind: "touch-move", id: 0, x: 180, y: 440 },
          { kind: "key", code: 11, pressed: true },
        ],
      ],
      [
        5,
        [
          { kind: "touch-end", id: 0 },
          { kind: "key", code: 74, pressed: true },
        ],
      ],
      [6, [{ kind: "mouse-move", x: 300, y: 600, dx: 0, dy: 0 }]],
      [7, [{ kind: "mouse-move", x: 20, y: 20, dx: 0, dy: 0 }]],
      [9, [{ kind: "touch-start", id: 1, x: 359, y: 639 }]],
    ]);
    // 40 frames span the clock's change of second and the trail's fading.
    const damaged = checkAgainstFullRenders(bounds, inputs, 40);
    expect(damaged[0]).toBe(bounds.width * bounds.height);
    // With nothing but the frame counter and the moving block changing, a frame is small.
    expect(Math.max(...damaged.slice(30))).toBeLessThan(bounds.width * bounds.height * 0.1);
  });

  it("draws the content turned with the device, the frame keeping its size", () => {
    const bounds = { width: 320, height: 480 };
    const inputs = new Map<number, ControlEvent[]>([
      [2, [{ kind: "rotate", orientation: "landscape" }]],
      [4, [{ kind: "touch-start", id: 0, x: 10, y: 470 }]],
      [6, [{ kind: "rotate", orientation: "reverse-landscape" }]],
      [8, [{ kind: "rotate", orientation: "reverse-portrait" }]],
    ]);
    const damaged = checkAgainstFullRenders(bounds, inputs, 10);
    // Each turn repaints everything.
    for (const frame of [2, 6, 8]) expect(damaged[frame - 1]).toBe(320 * 480);

    const screen = new DeviceScreen();
    const portrait = Buffer.from(
      new ScreenRenderer(320, 480).render(sceneAt(screen, bounds, 1, start)),
    );
    screen.apply({ kind: "rotate", orientation: "landscape" }, bounds, start);
    const landscape = new ScreenRenderer(320, 480).render(sceneAt(screen, bounds, 1, start));
    expect(landscape.length).toBe(portrait.length);
    expect(landscape.equals(portrait)).toBe(false);
  });

  it("names the rotation as the web player and the SDK do, for a landscape device and a portrait one", () => {
    // What the player sends for a turn: the orientation, then the accelerometer held that way.
    const turn = (
      bounds: ScreenBounds,
      screen: DeviceScreen,
      orientation: Orientation,
      gravity: { x: number; y: number },
    ) => {
      screen.apply({ kind: "rotate", orientation }, bounds, start);
      screen.apply({ kind: "acceleration", ...gravity, z: 0 }, bounds, start);
      const scene = sceneAt(screen, bounds, 1, start);
      const label = scene.items.find((item) => item.key === "rotation")?.signature;
      return { label, contentTurn: scene.rotation };
    };
    const tablet = { width: 1280, height: 720 };
    const held = new DeviceScreen();
    expect(turn(tablet, held, "landscape", { x: 0, y: 9.81 })).toEqual({
      label: "landscape (0°)",
      contentTurn: 0,
    });
    expect(turn(tablet, held, "reverse-portrait", { x: -9.81, y: 0 })).toEqual({
      label: "reverse-portrait (90°)",
      contentTurn: 270,
    });
    expect(turn(tablet, held, "portrait", { x: 9.81, y: 0 })).toEqual({
      label: "portrait (270°)",
      contentTurn: 90,
    });

    const phone = { width: 720, height: 1280 };
    const upright = new DeviceScreen();
    expect(turn(phone, upright, "portrait", { x: 0, y: 9.81 })).toEqual({
      label: "portrait (0°)",
      contentTurn: 0,
    });
    expect(turn(phone, upright, "landscape", { x: -9.81, y: 0 })).toEqual({
      label: "landscape (90°)",
      contentTurn: 270,
    });
  });

  it("rounds odd screens up to even frame sides", () => {
    const renderer = new ScreenRenderer(321, 479);
    expect([renderer.width, renderer.height]).toEqual([322, 480]);
    const frame = renderer.render(
      sceneAt(new DeviceScreen(), { width: 321, height: 479 }, 1, start),
    );
    expect(frame.length).toBe((322 * 480 * 3) / 2);
  });
});

describe("writeRgbaAsYuv420", () => {
  it("converts with BT.601 limited-range coefficients", () => {
    const layout = yuv420Layout(4, 2);
    const frame = new Uint8Array(layout.bytes);
    // Two 2x2 blocks: white, then red.
    const white = [255, 255, 255, 255];
    const red = [255, 0, 0, 255];
    const rgba = new Uint8Array([
      ...white,
      ...white,
      ...red,
      ...red,
      ...white,
      ...white,
      ...red,
      ...red,
    ]);
    writeRgbaAsYuv420(rgba, { x: 0, y: 0, width: 4, height: 2 }, frame, layout);
    expect([...frame.subarray(0, 8)]).toEqual([235, 235, 82, 82, 235, 235, 82, 82]);
    expect([...frame.subarray(layout.uOffset, layout.vOffset)]).toEqual([128, 90]);
    expect([...frame.subarray(layout.vOffset)]).toEqual([128, 240]);
  });
});

describe("scene text", () => {
  it("wraps typed text at newlines and at the box's width", () => {
    expect(wrapLines("abcdef\n\nxy", 4)).toEqual(["abcd", "ef", "", "xy"]);
    expect(wrapLines("👍👍👍", 2)).toEqual(["👍👍", "👍"]);
  });

  it("shows the time as HH:MM:SS", () => {
    expect(formatClock(new Date(2026, 0, 1, 9, 5, 7).getTime())).toBe("09:05:07");
  });
});
