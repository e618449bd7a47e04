import { describe, expect, it } from "vitest";
import { TouchSlots } from "./touch-slots.ts";

describe("TouchSlots", () => {
  it("gives the lowest free slot and reuses freed ones", () => {
    const slots = new TouchSlots();
    expect(slots.acquire(101)).toBe(0);
    expect(slots.acquire(102)).toBe(1);
    expect(slots.release(101)).toEqual({ slot: 0, last: false });
    expect(slots.acquire(103)).toBe(0);
    expect(slots.slotOf(102)).toBe(1);
    expect(slots.slotOf(101)).toBeUndefined();
  });

  it("says when the last touch is lifted", () => {
    const slots = new TouchSlots();
    slots.acquire(1);
    slots.acquire(2);
    expect(slots.release(2)).toEqual({ slot: 1, last: false });
    expect(slots.release(1)).toEqual({ slot: 0, last: true });
    expect(slots.release(1)).toBeUndefined();
  });

  it("takes ten touches at most", () => {
    const slots = new TouchSlots();
    for (let pointer = 0; pointer < 10; pointer += 1)
      expect(slots.acquire(500 + pointer)).toBe(pointer);
    expect(slots.acquire(999)).toBeUndefined();
    slots.release(504);
    expect(slots.acquire(999)).toBe(4);
  });

  it("releases everything, the last one last", () => {
    const slots = new TouchSlots();
    slots.acquire(7);
    slots.acquire(8);
    expect(slots.releaseAll()).toEqual([
      { slot: 0, last: false },
      { slot: 1, last: true },
    ]);
    expect(slots.acquire(9)).toBe(0);
  });
});
