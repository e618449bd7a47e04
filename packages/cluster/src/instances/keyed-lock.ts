/**
 * One queue per key: work for a key runs after the work queued before it for that key, never
 * alongside it. Keys with nothing queued hold no memory.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly holders = new Map<string, number>();

  isHeld(key: string): boolean {
    return (this.holders.get(key) ?? 0) > 0;
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.holders.set(key, (this.holders.get(key) ?? 0) + 1);
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    try {
      await previous;
      return await work();
    } finally {
      release();
      const holders = (this.holders.get(key) ?? 1) - 1;
      if (holders === 0) this.holders.delete(key);
      else this.holders.set(key, holders);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
