import { describe, expect, it } from "vitest";
import { FailureRateLimiter } from "./failure-rate-limiter.ts";

describe("FailureRateLimiter", () => {
  it("blocks a key after too many failures in the window, until the oldest leaves it", () => {
    const limiter = new FailureRateLimiter(3, 60_000);
    limiter.recordFailure("ada", 0);
    limiter.recordFailure("ada", 10_000);
    expect(limiter.retryAfterMs("ada", 20_000)).toBe(0);
    limiter.recordFailure("ada", 20_000);
    expect(limiter.retryAfterMs("ada", 30_000)).toBe(30_000);
    expect(limiter.retryAfterMs("ada", 60_001)).toBe(0);
    expect(limiter.retryAfterMs("grace", 30_000)).toBe(0);
  });

  it("forgets a key's failures on success", () => {
    const limiter = new FailureRateLimiter(1, 60_000);
    limiter.recordFailure("ada", 0);
    expect(limiter.retryAfterMs("ada", 1)).toBeGreaterThan(0);
    limiter.reset("ada");
    expect(limiter.retryAfterMs("ada", 1)).toBe(0);
  });

  it("keeps counting a key that failed far more often than the limit", () => {
    const limiter = new FailureRateLimiter(2, 60_000);
    for (let at = 0; at < 50; at += 1) limiter.recordFailure("ada", at * 1000);
    // The newest two failures (48 s, 49 s) hold the key until 49 s + the window.
    expect(limiter.retryAfterMs("ada", 50_000)).toBe(48_000 + 60_000 - 50_000);
  });
});
