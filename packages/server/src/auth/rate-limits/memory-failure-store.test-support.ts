import type { Failure, FailureStore } from "./failure-store.ts";

/** The limiters' store in memory, for the tests of their arithmetic (the server keeps it in the database). */
export class MemoryFailureStore implements FailureStore {
  private readonly failures = new Map<string, Failure[]>();
  private readonly known = new Map<string, number>();
  private nextId = 0;

  add(scope: string, key: string, at: number): Promise<string> {
    const id = String((this.nextId += 1));
    const name = JSON.stringify([scope, key]);
    this.failures.set(name, [...(this.failures.get(name) ?? []), { id, at }]);
    return Promise.resolve(id);
  }

  after(scope: string, key: string, after: number): Promise<Failure[]> {
    const all = this.failures.get(JSON.stringify([scope, key])) ?? [];
    return Promise.resolve(
      all.filter((failure) => failure.at > after).toSorted((a, b) => a.at - b.at),
    );
  }

  remove(ids: readonly string[]): Promise<void> {
    for (const [name, list] of this.failures) {
      this.failures.set(
        name,
        list.filter((failure) => !ids.includes(failure.id)),
      );
    }
    return Promise.resolve();
  }

  forget(scope: string, key: string): Promise<void> {
    this.failures.delete(JSON.stringify([scope, key]));
    return Promise.resolve();
  }

  knownSince(pair: string): Promise<number | undefined> {
    return Promise.resolve(this.known.get(pair));
  }

  remember(pair: string, at: number): Promise<void> {
    this.known.set(pair, at);
    return Promise.resolve();
  }
}
