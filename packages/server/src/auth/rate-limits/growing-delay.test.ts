import { describe, expect, it } from "vitest";
import { GrowingDelay } from "./growing-delay.ts";
import { MemoryFailureStore } from "./memory-failure-store.test-support.ts";

const schedule = {
  failuresBeforeDelay: 3,
  firstDelayMs: 1000,
  maxDelayMs: 10_000,
  windowMs: 60_000,
};

describe("GrowingDelay", () => {
  it("lets the first failures follow each other at once", async () => {
    const delay = new GrowingDelay(new MemoryFailureStore(), "test", schedule);
    await delay.recordFailure("ada", 0);
    await delay.recordFailure("ada", 0);
    expect(await delay.retryAfterMs("ada", 0)).toBe(0);
  });

  it("doubles the wait after each further failure, measured from the last one, up to the cap", async () => {
    const delay = new GrowingDelay(new MemoryFailureStore(), "test", schedule);
    const waits: number[] = [];
    let now = 0;
    for (let failure = 1; failure <= 8; failure += 1) {
      await delay.recordFailure("ada", now);
      waits.push(await delay.retryAfterMs("ada", now));
      now += await delay.retryAfterMs("ada", now); // the next attempt comes as soon as it may
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(await delay.retryAfterMs("ada", now - 4000)).toBe(4000);
    expect(await delay.retryAfterMs("grace", now)).toBe(0);
  });

  it("forgets failures that left the window", async () => {
    const delay = new GrowingDelay(new MemoryFailureStore(), "test", schedule);
    for (let failure = 0; failure < 5; failure += 1) await delay.recordFailure("ada", 0);
    expect(await delay.retryAfterMs("ada", 1000)).toBe(3000);
    await delay.recordFailure("ada", 60_000); // the five at 0 have left the window: this one is the first
    expect(await delay.retryAfterMs("ada", 60_000)).toBe(0);
  });

  it("takes a failure back", async () => {
    const delay = new GrowingDelay(new MemoryFailureStore(), "test", schedule);
    const ids: string[] = [];
    for (let failure = 0; failure < 3; failure += 1) {
      ids.push(await delay.recordFailure("ada", failure));
    }
    expect(await delay.retryAfterMs("ada", 2)).toBe(1000);
    await delay.withdrawFailures(ids.slice(2));
    expect(await delay.retryAfterMs("ada", 2)).toBe(0);
  });

  it("keeps the cap however many failures pile up", async () => {
    const delay = new GrowingDelay(new MemoryFailureStore(), "test", schedule);
    for (let failure = 0; failure < 500; failure += 1) await delay.recordFailure("ada", failure);
    expect(await delay.retryAfterMs("ada", 499)).toBe(10_000);
    expect(delay.delayAfter(500)).toBe(10_000);
  });
});
