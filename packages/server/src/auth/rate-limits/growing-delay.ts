import type { FailureStore } from "./failure-store.ts";

export interface DelaySchedule {
  /** Failures within the window that cost no wait (typing mistakes). */
  failuresBeforeDelay: number;
  /** The wait after the first failure past those; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait: nobody is ever kept out for longer after the last failure. */
  maxDelayMs: number;
  /** How long a failure counts. */
  windowMs: number;
}

/**
 * A soft limit for keys that others share or can name (an account, which anyone may try to sign
 * in to): each failure past the free ones makes the next attempt wait longer after it, doubling
 * up to a cap. Guessing slows to one try per `maxDelayMs`, and the key's owner waits at most that
 * long; a hard lockout would instead let anyone lock the owner out.
 */
export class GrowingDelay {
  private readonly schedule: DelaySchedule;
  private readonly store: FailureStore;
  private readonly scope: string;

  constructor(store: FailureStore, scope: string, schedule: DelaySchedule) {
    this.store = store;
    this.scope = scope;
    this.schedule = schedule;
  }

  /** The wait after a key's `failures`-th failure in the window. */
  delayAfter(failures: number): number {
    const { failuresBeforeDelay, firstDelayMs, maxDelayMs } = this.schedule;
    if (failures < failuresBeforeDelay) return 0;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - failuresBeforeDelay));
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
    const recent = (await this.store.after(this.scope, key, now - this.schedule.windowMs)).filter(
      (failure) => !excluding.has(failure.id),
    );
    const last = recent[recent.length - 1];
    const delay = this.delayAfter(recent.length);
    if (last === undefined || delay === 0) return 0;
    return Math.max(0, last.at + delay - now);
  }

  /** Records a failure; its id. */
  recordFailure(key: string, now = Date.now()): Promise<string> {
    return this.store.add(this.scope, key, now);
  }

  /** Takes back failures: the attempts they stood for succeeded or were refused. */
  withdrawFailures(ids: readonly string[]): Promise<void> {
    return this.store.remove(ids);
  }
}
