/** Most keys a log holds: past it, keys without recent failures go, then the least recently failed. */
const maxKeys = 100_000;

/**
 * When each key (an account, an address, a pair of both) failed, within a sliding window. In
 * memory: a restart forgets, which errs on the side of letting people in. Bounded: a key keeps at
 * most `keep` of its newest failures (the limiters never need more), and the log at most 100,000
 * keys, so a flood of made-up keys cannot fill the memory.
 */
export class FailureLog {
  private readonly failures = new Map<string, number[]>();
  private readonly windowMs: number;
  private readonly keep: number;

  constructor(windowMs: number, keep: number) {
    this.windowMs = windowMs;
    this.keep = keep;
  }

  /** The key's failures still in the window, oldest first. */
  recent(key: string, now: number): readonly number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  record(key: string, at: number): void {
    const times = [...this.recent(key, at), at].slice(-this.keep);
    // Deleted and set again, so that the map's order is the order of the latest failures.
    this.failures.delete(key);
    this.failures.set(key, times);
    if (this.failures.size > maxKeys) this.prune(at);
  }

  /** Takes back one failure recorded at `at` (an attempt counted in advance that succeeded). */
  remove(key: string, at: number): void {
    const times = this.failures.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times === undefined || index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.failures.delete(key);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.windowMs)) this.failures.delete(key);
    }
    for (const key of this.failures.keys()) {
      if (this.failures.size <= maxKeys) break;
      this.failures.delete(key);
    }
  }
}
