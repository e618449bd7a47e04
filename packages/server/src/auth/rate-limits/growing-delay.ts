import { FailureLog } from "./failure-log.ts";

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
  private readonly log: FailureLog;

  constructor(schedule: DelaySchedule) {
    this.schedule = schedule;
    // Past this many failures the wait is at its cap already: older ones need not be kept.
    const failuresToCap =
      schedule.failuresBeforeDelay +
      Math.max(0, Math.ceil(Math.log2(schedule.maxDelayMs / schedule.firstDelayMs))) +
      1;
    this.log = new FailureLog(schedule.windowMs, failuresToCap);
  }

  /** The wait after a key's `failures`-th failure in the window. */
  delayAfter(failures: number): number {
    const { failuresBeforeDelay, firstDelayMs, maxDelayMs } = this.schedule;
    if (failures < failuresBeforeDelay) return 0;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - failuresBeforeDelay));
  }

  /** Milliseconds until the key may try again; 0 when it may try now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const recent = this.log.recent(key, now);
    const last = recent[recent.length - 1];
    const delay = this.delayAfter(recent.length);
    if (last === undefined || delay === 0) return 0;
    return Math.max(0, last + delay - now);
  }

  recordFailure(key: string, now = Date.now()): void {
    this.log.record(key, now);
  }

  /** Takes back the failure recorded at `at`: the attempt it stood for succeeded. */
  withdrawFailure(key: string, at: number): void {
    this.log.remove(key, at);
  }
}
