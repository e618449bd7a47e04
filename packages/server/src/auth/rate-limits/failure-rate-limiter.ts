import { FailureLog } from "./failure-log.ts";

/**
 * A hard limit: a key that failed `maxFailures` times within the window waits until the oldest of
 * those failures leaves it. Only for keys an attacker cannot share with the people it would lock
 * out (an account and address pair, one address's look-ups), never for an account alone.
 */
export class FailureRateLimiter {
  private readonly log: FailureLog;
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(maxFailures: number, windowMs: number) {
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
    this.log = new FailureLog(windowMs, maxFailures);
  }

  /** Milliseconds until the key may try again; 0 when it may try now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.log.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(0, oldest + this.windowMs - now);
  }

  recordFailure(key: string, now = Date.now()): void {
    this.log.record(key, now);
  }

  /** A success wipes the key's failures. */
  reset(key: string): void {
    this.log.forget(key);
  }
}
