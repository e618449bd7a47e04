import { describe, expect, it } from "vitest";
import { assignRowSlots } from "./row-slots.ts";

describe("assignRowSlots", () => {
  it("numbers the first rows in order", () => {
    expect([...assignRowSlots(new Map(), ["a", "b", "c"])]).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ]);
  });

  it("keeps the slot of an instance still listed, wherever it moved", () => {
    const first = assignRowSlots(new Map(), ["a", "b", "c"]);
    const next = assignRowSlots(first, ["new", "c", "a"]);
    expect(next.get("c")).toBe(2);
    expect(next.get("a")).toBe(0);
    // The one that arrived takes the slot the one that left freed.
    expect(next.get("new")).toBe(1);
  });

  it("gives a whole new list the same rows, in order", () => {
    const first = assignRowSlots(new Map(), ["a", "b", "c"]);
    expect([...assignRowSlots(first, ["x", "y", "z"])]).toEqual([
      ["x", 0],
      ["y", 1],
      ["z", 2],
    ]);
  });

  it("adds slots when the list grows, and never gives one slot twice", () => {
    const first = assignRowSlots(new Map(), ["a", "b"]);
    const next = assignRowSlots(first, ["b", "x", "y", "z"]);
    expect(next.get("b")).toBe(1);
    expect(new Set(next.values()).size).toBe(4);
    expect([next.get("x"), next.get("y"), next.get("z")]).toEqual([0, 2, 3]);
  });
});
