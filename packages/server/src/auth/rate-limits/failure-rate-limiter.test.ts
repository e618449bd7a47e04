import { describe, expect, it } from "vitest";
import { FailureRateLimiter } from "./failure-rate-limiter.ts";
import { MemoryFailureStore } from "./memory-failure-store.test-support.ts";

const limiterOf = (maxFailures: number, windowMs: number) =>
  new FailureRateLimiter(new MemoryFailureStore(), "test", maxFailures, windowMs);

describe("FailureRateLimiter", () => {
  it("blocks a key after too many failures in the window, until the oldest leaves it", async () => {
    const limiter = limiterOf(3, 60_000);
    await limiter.recordFailure("ada", 0);
    await limiter.recordFailure("ada", 10_000);
    expect(await limiter.retryAfterMs("ada", 20_000)).toBe(0);
    await limiter.recordFailure("ada", 20_000);
    expect(await limiter.retryAfterMs("ada", 30_000)).toBe(30_000);
    expect(await limiter.retryAfterMs("ada", 60_001)).toBe(0);
    expect(await limiter.retryAfterMs("grace", 30_000)).toBe(0);
  });

  it("forgets a key's failures on success", async () => {
    const limiter = limiterOf(1, 60_000);
    await limiter.recordFailure("ada", 0);
    expect(await limiter.retryAfterMs("ada", 1)).toBeGreaterThan(0);
    await limiter.reset("ada");
    expect(await limiter.retryAfterMs("ada", 1)).toBe(0);
  });

  it("keeps counting a key that failed far more often than the limit", async () => {
    const limiter = limiterOf(2, 60_000);
    for (let at = 0; at < 50; at += 1) await limiter.recordFailure("ada", at * 1000);
    // The newest two failures (48 s, 49 s) hold the key until 49 s + the window.
    expect(await limiter.retryAfterMs("ada", 50_000)).toBe(48_000 + 60_000 - 50_000);
  });
});
