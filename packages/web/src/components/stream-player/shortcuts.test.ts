import { describe, expect, it } from "vitest";
import { actionForKey, ariaKeyShortcuts, shortcutText } from "./shortcuts.ts";

const press = (key: string, extra: Partial<Parameters<typeof actionForKey>[0]> = {}) => ({
  key,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  ...extra,
});
const anbox = (key: string) => press(key, { ctrlKey: true, shiftKey: true });

describe("actionForKey", () => {
  it("maps the player's letters, either case", () => {
    expect(actionForKey(press("f"))).toBe("fullscreen");
    expect(actionForKey(press("R"))).toBe("rotate");
    expect(actionForKey(press("h"))).toBe("home");
    expect(actionForKey(press("b"))).toBe("back");
    expect(actionForKey(press("k"))).toBe("keyboard");
    expect(actionForKey(press("s"))).toBe("screenshot");
    expect(actionForKey(press("i"))).toBe("statistics");
  });

  it("maps Anbox Cloud's Ctrl+Shift shortcuts", () => {
    expect(actionForKey(anbox("ArrowLeft"))).toBe("rotate-left");
    expect(actionForKey(anbox("ArrowRight"))).toBe("rotate");
    expect(actionForKey(anbox("ArrowUp"))).toBe("volume-up");
    expect(actionForKey(anbox("ArrowDown"))).toBe("volume-down");
    expect(actionForKey(anbox("P"))).toBe("power");
    expect(actionForKey(anbox("E"))).toBe("back");
    expect(actionForKey(anbox("o"))).toBe("record");
    expect(actionForKey(anbox("S"))).toBe("share");
    expect(actionForKey(anbox("M"))).toBe("statistics");
  });

  it("leaves other keys, browser shortcuts and repeats alone", () => {
    expect(actionForKey(press("x"))).toBeUndefined();
    expect(actionForKey(press("Enter"))).toBeUndefined();
    expect(actionForKey(press("ArrowLeft"))).toBeUndefined();
    expect(actionForKey(press("r", { ctrlKey: true }))).toBeUndefined();
    expect(actionForKey(anbox("X"))).toBeUndefined();
    expect(actionForKey(press("f", { metaKey: true }))).toBeUndefined();
    expect(actionForKey(press("h", { altKey: true }))).toBeUndefined();
    expect(actionForKey(press("r", { repeat: true }))).toBeUndefined();
  });

  it("names both bindings, for people and for assistive technology", () => {
    expect(shortcutText("rotate")).toBe("R or Ctrl+Shift+→");
    expect(shortcutText("power")).toBe("Ctrl+Shift+P");
    expect(ariaKeyShortcuts("back")).toBe("B Control+Shift+E");
    expect(ariaKeyShortcuts("volume-up")).toBe("Control+Shift+ArrowUp");
  });
});
