import { describe, expect, it } from "vitest";
import { GrowingDelay } from "./growing-delay.ts";

const schedule = {
  failuresBeforeDelay: 3,
  firstDelayMs: 1000,
  maxDelayMs: 10_000,
  windowMs: 60_000,
};

describe("GrowingDelay", () => {
  it("lets the first failures follow each other at once", () => {
    const delay = new GrowingDelay(schedule);
    delay.recordFailure("ada", 0);
    delay.recordFailure("ada", 0);
    expect(delay.retryAfterMs("ada", 0)).toBe(0);
  });

  it("doubles the wait after each further failure, measured from the last one, up to the cap", () => {
    const delay = new GrowingDelay(schedule);
    const waits: number[] = [];
    let now = 0;
    for (let failure = 1; failure <= 8; failure += 1) {
      delay.recordFailure("ada", now);
      waits.push(delay.retryAfterMs("ada", now));
      now += delay.retryAfterMs("ada", now); // the next attempt comes as soon as it may
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(delay.retryAfterMs("ada", now - 4000)).toBe(4000);
    expect(delay.retryAfterMs("grace", now)).toBe(0);
  });

  it("forgets failures that left the window", () => {
    const delay = new GrowingDelay(schedule);
    for (let failure = 0; failure < 5; failure += 1) delay.recordFailure("ada", 0);
    expect(delay.retryAfterMs("ada", 1000)).toBe(3000);
    delay.recordFailure("ada", 60_000); // the five at 0 have left the window: this one is the first
    expect(delay.retryAfterMs("ada", 60_000)).toBe(0);
  });

  it("takes a failure back", () => {
    const delay = new GrowingDelay(schedule);
    for (let failure = 0; failure < 3; failure += 1) delay.recordFailure("ada", failure);
    expect(delay.retryAfterMs("ada", 2)).toBe(1000);
    delay.withdrawFailure("ada", 2);
    expect(delay.retryAfterMs("ada", 2)).toBe(0);
  });

  it("keeps the cap however many failures pile up", () => {
    const delay = new GrowingDelay(schedule);
    for (let failure = 0; failure < 500; failure += 1) delay.recordFailure("ada", failure);
    expect(delay.retryAfterMs("ada", 499)).toBe(10_000);
    expect(delay.delayAfter(500)).toBe(10_000);
  });
});
