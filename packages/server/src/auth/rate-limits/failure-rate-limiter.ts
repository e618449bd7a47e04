import type { FailureStore } from "./failure-store.ts";

/**
 * A hard limit: a key that failed `maxFailures` times within the window waits until the oldest of
 * those failures leaves it. Only for keys an attacker cannot share with the people it would lock
 * out (an account and address pair, one address's look-ups), never for an account alone.
 */
export class FailureRateLimiter {
  private readonly store: FailureStore;
  private readonly scope: string;
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(store: FailureStore, scope: string, maxFailures: number, windowMs: number) {
    this.store = store;
    this.scope = scope;
    this.maxFailures = maxFailures;
    this.windowMs = windowMs;
  }

  /**
   * Milliseconds until the key may try again; 0 when it may try now. `excluding`: failures not to
   * count (an attempt's own, recorded in advance).
   */
  async retryAfterMs(
    key: string,
    now = Date.now(),
    excluding: ReadonlySet<string> = new Set(),
  ): Promise<number> {
    const recent = (await this.store.after(this.scope, key, now - this.windowMs)).filter(
      (failure) => !excluding.has(failure.id),
    );
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures]?.at ?? now;
    return Math.max(0, oldest + this.windowMs - now);
  }

  /** Records a failure; its id. */
  recordFailure(key: string, now = Date.now()): Promise<string> {
    return this.store.add(this.scope, key, now);
  }

  /** A success wipes the key's failures. */
  reset(key: string): Promise<void> {
    return this.store.forget(this.scope, key);
  }
}
