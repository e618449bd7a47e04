import { describe, expect, it } from "vitest";
import {
  clampToScreen,
  DeviceScreen,
  maxTouches,
  trailFadeMs,
} from "../../src/streaming/device-screen.ts";

const bounds = { width: 720, height: 1280 };
const at = 1_000_000;

describe("clampToScreen", () => {
  it("keeps points on the framebuffer", () => {
    expect(clampToScreen(-5, 2000, bounds)).toEqual({ x: 0, y: 1279 });
    expect(clampToScreen(720, -0.5, bounds)).toEqual({ x: 719, y: 0 });
    expect(clampToScreen(12.5, 600, bounds)).toEqual({ x: 12.5, y: 600 });
  });
});

describe("DeviceScreen", () => {
  it("tracks touches, clamped, up to ten fingers", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "touch-start", id: 7, x: 900, y: 100 }, bounds, at);
    screen.apply({ kind: "touch-move", id: 7, x: 50, y: -3 }, bounds, at + 10);
    expect(screen.snapshot(at + 10).touches).toEqual([{ id: 7, x: 50, y: 0 }]);
    for (let id = 0; id < maxTouches + 2; id++) {
      screen.apply({ kind: "touch-start", id: 100 + id, x: id, y: id }, bounds, at);
    }
    expect(screen.touches.size).toBe(maxTouches);
    screen.apply({ kind: "touch-end", id: 7 }, bounds, at);
    expect(screen.touches.has(7)).toBe(false);
  });

  it("leaves a trail that fades", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "touch-start", id: 0, x: 10, y: 10 }, bounds, at);
    screen.apply({ kind: "touch-move", id: 0, x: 20, y: 10 }, bounds, at + 100);
    expect(screen.trail(at + 100).map((point) => point.x)).toEqual([10, 20]);
    expect(screen.trail(at + trailFadeMs + 50).map((point) => point.x)).toEqual([20]);
    expect(screen.trail(at + trailFadeMs + 100)).toEqual([]);
  });

  it("types with shift held, erases with backspace, keeps the last device key", () => {
    const screen = new DeviceScreen();
    const key = (code: number, pressed = true): void => {
      screen.apply({ kind: "key", code, pressed }, bounds, at);
    };
    key(225);
    key(11); // H
    key(225, false);
    key(8); // e
    key(15);
    key(15);
    key(18);
    key(44);
    key(27);
    key(42); // erases the x
    key(74);
    expect(screen.typedText).toBe("Hello ");
    expect(screen.snapshot().lastNavigationKey).toBe("Home");
    key(91);
    expect(screen.snapshot().lastNavigationKey).toBe("Power");
    // A key released, or unknown, changes nothing.
    key(4, false);
    key(200);
    expect(screen.typedText).toBe("Hello ");
  });

  it("erases whole characters and keeps committed IME text", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "text", text: "ok 👍" }, bounds, at);
    screen.apply({ kind: "key", code: 42, pressed: true }, bounds, at);
    expect(screen.typedText).toBe("ok ");
  });

  it("turns the mouse into a cursor, and a finger while its main button is down", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "mouse-button", button: 1, pressed: true }, bounds, at);
    expect(screen.touches.size).toBe(0); // No cursor yet: nowhere to press.
    screen.apply({ kind: "mouse-move", x: 100, y: 5000, dx: 0, dy: 0 }, bounds, at);
    expect(screen.snapshot().cursor).toEqual({ x: 100, y: 1279 });
    screen.apply({ kind: "mouse-button", button: 1, pressed: true }, bounds, at);
    screen.apply({ kind: "mouse-move", x: undefined, y: undefined, dx: 10, dy: -9 }, bounds, at);
    expect(screen.snapshot().touches).toEqual([{ id: -1, x: 110, y: 1270 }]);
    screen.apply({ kind: "mouse-button", button: 3, pressed: false }, bounds, at);
    expect(screen.touches.size).toBe(1);
    screen.apply({ kind: "mouse-button", button: 1, pressed: false }, bounds, at);
    expect(screen.touches.size).toBe(0);
    // The SDK sends the position and the movement that led there: the position is where it is.
    screen.apply({ kind: "mouse-move", x: 300, y: 400, dx: 190, dy: -870 }, bounds, at);
    expect(screen.snapshot().cursor).toEqual({ x: 300, y: 400 });
  });

  it("rotates from acceleration and from input::rotate", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "acceleration", x: -9.8, y: 0.3, z: 0.1 }, bounds, at);
    expect(screen.rotation).toBe(90);
    screen.apply({ kind: "acceleration", x: 0, y: 0, z: 9.8 }, bounds, at);
    expect(screen.rotation).toBe(90);
    screen.apply({ kind: "rotate", orientation: "reverse-portrait" }, bounds, at);
    expect(screen.rotation).toBe(180);
  });

  it("takes the SDK's names for a screen wider than high: landscape is upright", () => {
    const screen = new DeviceScreen();
    const tablet = { width: 1280, height: 720 };
    screen.apply({ kind: "rotate", orientation: "landscape" }, tablet, at);
    expect(screen.rotation).toBe(0);
    screen.apply({ kind: "rotate", orientation: "reverse-portrait" }, tablet, at);
    expect(screen.rotation).toBe(90);
    screen.apply({ kind: "rotate", orientation: "portrait" }, tablet, at);
    expect(screen.rotation).toBe(270);
  });

  it("lets fingers, cursor and modifiers go with the viewer, keeping text and rotation", () => {
    const screen = new DeviceScreen();
    screen.apply({ kind: "key", code: 229, pressed: true }, bounds, at);
    screen.apply({ kind: "touch-start", id: 0, x: 1, y: 1 }, bounds, at);
    screen.apply({ kind: "mouse-move", x: 5, y: 5, dx: 0, dy: 0 }, bounds, at);
    screen.apply({ kind: "key", code: 4, pressed: true }, bounds, at);
    screen.apply({ kind: "rotate", orientation: "landscape" }, bounds, at);
    screen.releasePointers();
    screen.apply({ kind: "key", code: 4, pressed: true }, bounds, at);
    expect(screen.snapshot(at)).toMatchObject({
      typedText: "Aa",
      rotation: 90,
      touches: [],
      cursor: null,
    });
  });

  it("copies what was typed with Control+C and types the clipboard with Control+V", () => {
    const screen = new DeviceScreen();
    const press = (code: number, pressed = true) => {
      screen.apply({ kind: "key", code, pressed }, bounds, at);
    };
    screen.apply({ kind: "text", text: "secret" }, bounds, at);
    press(224);
    press(6);
    expect(screen.state.current.clipboard).toMatchObject({ text: "secret", source: "device" });
    // With control held, a letter is a shortcut, not text.
    press(25);
    press(224, false);
    expect(screen.typedText).toBe("secretsecret");
    screen.state.setClipboard("from the page", "page", at);
    press(228);
    press(25);
    press(228, false);
    press(4);
    expect(screen.typedText).toBe("secretsecretfrom the pagea");
  });
});
