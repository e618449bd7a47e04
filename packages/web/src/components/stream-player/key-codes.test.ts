import { describe, expect, it } from "vitest";
import { hidUsageFor } from "./key-codes.ts";

describe("hidUsageFor", () => {
  it("maps letters and digits", () => {
    expect(hidUsageFor("KeyA")).toBe(4);
    expect(hidUsageFor("KeyM")).toBe(16);
    expect(hidUsageFor("KeyZ")).toBe(29);
    expect(hidUsageFor("Digit1")).toBe(30);
    expect(hidUsageFor("Digit9")).toBe(38);
    expect(hidUsageFor("Digit0")).toBe(39);
  });

  it("maps the editing keys, space and the arrows", () => {
    expect(hidUsageFor("Enter")).toBe(40);
    expect(hidUsageFor("Escape")).toBe(41);
    expect(hidUsageFor("Backspace")).toBe(42);
    expect(hidUsageFor("Tab")).toBe(43);
    expect(hidUsageFor("Space")).toBe(44);
    expect(hidUsageFor("ArrowRight")).toBe(79);
    expect(hidUsageFor("ArrowLeft")).toBe(80);
    expect(hidUsageFor("ArrowDown")).toBe(81);
    expect(hidUsageFor("ArrowUp")).toBe(82);
  });

  it("maps the modifiers, left and right", () => {
    expect(hidUsageFor("ControlLeft")).toBe(224);
    expect(hidUsageFor("ShiftLeft")).toBe(225);
    expect(hidUsageFor("AltLeft")).toBe(226);
    expect(hidUsageFor("ControlRight")).toBe(228);
    expect(hidUsageFor("ShiftRight")).toBe(229);
    expect(hidUsageFor("AltRight")).toBe(230);
  });

  it("maps function keys and punctuation by the HID table", () => {
    expect(hidUsageFor("F1")).toBe(58);
    expect(hidUsageFor("F12")).toBe(69);
    expect(hidUsageFor("Minus")).toBe(45);
    expect(hidUsageFor("Slash")).toBe(56);
    expect(hidUsageFor("Delete")).toBe(76);
  });

  it("has nothing for keys the device is not sent", () => {
    expect(hidUsageFor("F13")).toBeUndefined();
    expect(hidUsageFor("MetaLeft")).toBeUndefined();
    expect(hidUsageFor("Keya")).toBeUndefined();
    expect(hidUsageFor("Digit10")).toBeUndefined();
    expect(hidUsageFor("")).toBeUndefined();
    expect(hidUsageFor("toString")).toBeUndefined();
  });
});
