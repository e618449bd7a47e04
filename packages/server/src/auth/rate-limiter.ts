/**
 * Counts failures per key (an account, an address) in a sliding window and says when a key has
 * failed too often. In memory: a restart forgets, which errs on the side of letting people in.
 */
export class FailureRateLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(maxFailures: number, windowMs: number) {
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
  }

  /** Milliseconds until the key may try again; 0 when it may try now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(0, oldest + this.windowMs - now);
  }

  recordFailure(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
    if (this.failures.size > 100_000) this.prune(now);
  }

  /** A success wipes the key's failures. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.windowMs)) this.failures.delete(key);
    }
  }
}
