import { describe, expect, it } from "vitest";
import { isShiftKey, keyEffect } from "../../src/streaming/hid-keys.ts";

describe("keyEffect", () => {
  it("types letters, capitals with shift", () => {
    expect(keyEffect(4, false)).toEqual({ kind: "text", text: "a" });
    expect(keyEffect(29, false)).toEqual({ kind: "text", text: "z" });
    expect(keyEffect(4, true)).toEqual({ kind: "text", text: "A" });
    expect(keyEffect(29, true)).toEqual({ kind: "text", text: "Z" });
  });

  it("types digits 30–39 as 1…9, 0, and their US shifted symbols", () => {
    expect([30, 31, 38, 39].map((code) => keyEffect(code, false))).toEqual(
      ["1", "2", "9", "0"].map((text) => ({ kind: "text", text })),
    );
    expect(keyEffect(30, true)).toEqual({ kind: "text", text: "!" });
    expect(keyEffect(39, true)).toEqual({ kind: "text", text: ")" });
  });

  it("knows Enter, Backspace, Space and punctuation", () => {
    expect(keyEffect(40, false)).toEqual({ kind: "text", text: "\n" });
    expect(keyEffect(42, false)).toEqual({ kind: "backspace" });
    expect(keyEffect(44, true)).toEqual({ kind: "text", text: " " });
    expect(keyEffect(55, false)).toEqual({ kind: "text", text: "." });
    expect(keyEffect(56, true)).toEqual({ kind: "text", text: "?" });
  });

  it("names the device keys", () => {
    expect(keyEffect(74, false)).toEqual({ kind: "navigation", key: "Home" });
    expect(keyEffect(92, false)).toEqual({ kind: "navigation", key: "Back" });
    expect(keyEffect(90, false)).toEqual({ kind: "navigation", key: "Volume up" });
    expect(keyEffect(89, false)).toEqual({ kind: "navigation", key: "Volume down" });
    expect(keyEffect(91, false)).toEqual({ kind: "navigation", key: "Power" });
  });

  it("does nothing for keys without a meaning here", () => {
    for (const code of [0, 3, 41, 43, 50, 57, 225, 300]) {
      expect(keyEffect(code, false)).toEqual({ kind: "none" });
    }
  });

  it("recognises both shift keys", () => {
    expect([225, 229, 224, 4].map(isShiftKey)).toEqual([true, true, false, false]);
  });
});
