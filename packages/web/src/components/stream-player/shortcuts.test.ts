import { describe, expect, it } from "vitest";
import { actionForKey } from "./shortcuts.ts";

const press = (key: string, extra: Partial<Parameters<typeof actionForKey>[0]> = {}) => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  repeat: false,
  ...extra,
});

describe("actionForKey", () => {
  it("maps the letters, either case", () => {
    expect(actionForKey(press("f"))).toBe("fullscreen");
    expect(actionForKey(press("R"))).toBe("rotate");
    expect(actionForKey(press("h"))).toBe("home");
    expect(actionForKey(press("b"))).toBe("back");
    expect(actionForKey(press("k"))).toBe("keyboard");
    expect(actionForKey(press("s"))).toBe("screenshot");
    expect(actionForKey(press("i"))).toBe("statistics");
  });

  it("leaves other keys, browser shortcuts and repeats alone", () => {
    expect(actionForKey(press("x"))).toBeUndefined();
    expect(actionForKey(press("Enter"))).toBeUndefined();
    expect(actionForKey(press("r", { ctrlKey: true }))).toBeUndefined();
    expect(actionForKey(press("f", { metaKey: true }))).toBeUndefined();
    expect(actionForKey(press("h", { altKey: true }))).toBeUndefined();
    expect(actionForKey(press("r", { repeat: true }))).toBeUndefined();
  });
});
