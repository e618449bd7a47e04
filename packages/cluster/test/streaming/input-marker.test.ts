import { describe, expect, it } from "vitest";
import { DeviceScreen } from "../../src/streaming/device-screen.ts";
import { markerRect, markerValues } from "../../src/streaming/input-marker.ts";
import { buildScene } from "../../src/streaming/screen-scene.ts";

const bounds = { width: 720, height: 1280 };

describe("the input marker", () => {
  it("counts what the player sends as input, not the orientation it tells on connecting", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "rotate", orientation: "portrait" }, bounds, 0);
    screen.apply({ kind: "acceleration", x: 0, y: 9.8, z: 0 }, bounds, 0);
    expect(screen.inputCount).toBe(0);
    screen.apply({ kind: "touch-start", id: 0, x: 1, y: 1 }, bounds, 0);
    screen.apply({ kind: "touch-move", id: 0, x: 2, y: 2 }, bounds, 0);
    screen.apply({ kind: "touch-end", id: 0 }, bounds, 0);
    screen.apply({ kind: "key", code: 4, pressed: true }, bounds, 0);
    screen.apply({ kind: "mouse-move", x: 5, y: 5, dx: 0, dy: 0 }, bounds, 0);
    screen.apply({ kind: "mouse-button", button: 1, pressed: true }, bounds, 0);
    screen.apply({ kind: "text", text: "é" }, bounds, 0);
    expect(screen.inputCount).toBe(7);
    screen.resetInputCount();
    expect(screen.inputCount).toBe(0);
  });

  it("shows the count modulo 256 as eight blocks at the bottom right, over everything, only while a viewer times its input", () => {
    const screen = new DeviceScreen();
    for (let index = 0; index < 258; index++) {
      screen.apply({ kind: "key", code: 4, pressed: index % 2 === 0 }, bounds, 0);
    }
    const sceneNow = () =>
      buildScene({
        ...bounds,
        fps: 30,
        density: 240,
        instanceName: "marker",
        source: "test",
        screen,
        now: 0,
        frameNumber: 1,
      });
    const markerKeys = () => sceneNow().items.filter((item) => item.key === "input-marker");
    // Nobody times the input: no black and white strip in the picture.
    expect(markerKeys()).toEqual([]);
    screen.showInputMarker(true);
    const marker = sceneNow().items.at(-1);
    expect(marker?.key).toBe("input-marker");
    expect(marker?.signature).toBe("2");
    expect(marker?.rect).toEqual({ x: 720 - 96, y: 1280 - 12, width: 96, height: 12 });
    expect(markerRect(720, 1280)).toEqual(marker?.rect);
    expect(markerValues(2)).toEqual([false, false, false, false, false, false, true, false]);
    expect(markerValues(0xa5)).toEqual([true, false, true, false, false, true, false, true]);
    screen.showInputMarker(false);
    expect(markerKeys()).toEqual([]);
    // A new viewer sees none until it asks.
    screen.showInputMarker(true);
    screen.resetInputCount();
    expect(markerKeys()).toEqual([]);
  });
});
