import { describe, expect, it } from "vitest";
import { PlacementQueue, pickAddress } from "./placement.ts";
import { KeyedLock } from "./keyed-lock.ts";

describe("pickAddress", () => {
  it("gives a stable 10.100.x.y address and steps past used ones", () => {
    const first = pickAddress("cilsreunfpfec9b1ktg0", new Set());
    expect(first).toMatch(/^10\.100\.(\d+)\.(\d+)$/);
    expect(pickAddress("cilsreunfpfec9b1ktg0", new Set())).toBe(first);
    const second = pickAddress("cilsreunfpfec9b1ktg0", new Set([first]));
    expect(second).not.toBe(first);
    expect(second).toMatch(/^10\.100\.\d+\.\d+$/);
  });
});

describe("serialisation helpers", () => {
  it("PlacementQueue runs one job at a time, even when one fails", async () => {
    const queue = new PlacementQueue();
    let inside = 0;
    let most = 0;
    const job = async (fail: boolean): Promise<void> => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inside--;
      if (fail) throw new Error("no");
    };
    const results = await Promise.allSettled(
      [job, job, job].map((_, index) => queue.run(() => job(index === 1))),
    );
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(most).toBe(1);
  });

  it("KeyedLock orders work per key and lets other keys run alongside", async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const step = (label: string, ms: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(label);
    };
    const a1 = lock.run("a", step("a1", 10));
    const a2 = lock.run("a", step("a2", 0));
    const b1 = lock.run("b", step("b1", 0));
    expect(lock.isHeld("a")).toBe(true);
    await Promise.all([a1, a2, b1]);
    expect(order).toEqual(["b1", "a1", "a2"]);
    expect(lock.isHeld("a")).toBe(false);
  });
});
