/** One failure as kept: its id (to take it back) and when it happened (ms since the epoch). */
export interface Failure {
  id: string;
  at: number;
}

/**
 * Where the limiters keep failures, by scope (which limit: sign-in pairs, accounts, addresses,
 * registration and share-link look-ups) and key (an account, an address, a pair of both). The
 * database's (database-failure-store.ts) is shared by every dashboard process on it, so that the
 * limits hold whichever process a guess reaches.
 */
export interface FailureStore {
  /** Records a failure of `key` at `at`; its id. */
  add(scope: string, key: string, at: number): Promise<string>;
  /** The key's failures after `after`, oldest first. */
  after(scope: string, key: string, after: number): Promise<Failure[]>;
  /** Takes one failure back (an attempt counted in advance that succeeded, or was refused). */
  remove(ids: readonly string[]): Promise<void>;
  /** Forgets all of a key's failures (a success wipes them). */
  forget(scope: string, key: string): Promise<void>;
  /** When `pair` (an account at an address) last signed in, if it did. */
  knownSince(pair: string): Promise<number | undefined>;
  remember(pair: string, at: number): Promise<void>;
}
