import { addressKey } from "./address-key.ts";
import { FailureRateLimiter } from "./failure-rate-limiter.ts";
import type { FailureStore } from "./failure-store.ts";
import { GrowingDelay, type DelaySchedule } from "./growing-delay.ts";

export interface SignInLimits {
  /** Wrong passwords one address may try for one account in `pairWindowMs`; then it waits it out. */
  pairFailures: number;
  pairWindowMs: number;
  /** The account's wrong passwords from all addresses make every address wait longer. */
  account: DelaySchedule;
  /** One address's wrong passwords for all accounts make it wait longer (password spraying). */
  address: DelaySchedule;
  /** How long an address the account signed in from stays exempt from the two delays. */
  knownAddressMs: number;
}

/** What `tryAttempt` allows or refuses. */
export type SignInAttempt =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      /** The password was right: takes the attempt's failure back and remembers the address. */
      succeeded(): Promise<void>;
    };

/**
 * The limits on password attempts, built so that nobody can use them to keep someone else out:
 * - Only a password really tried counts (the caller asks only then).
 * - An address that keeps guessing one account's password is locked out of that account for a
 *   while (the pair lock); that locks out nobody else, except at the same address.
 * - The account's failures from every address make each further attempt at it wait a little
 *   longer, up to a cap: guessing from many addresses slows to a crawl, and the owner waits at
 *   most the cap. An address the account recently signed in from is exempt, so its owner is not
 *   held up by someone else's guessing at all.
 * - One address's failures over all accounts slow it the same way (spraying one password over many
 *   accounts), with the same exemption for its users' known addresses.
 * An attempt is recorded as failed first, then judged by the failures before it (its own left
 * out): a refused attempt is taken back, an allowed one stands until the password proves right.
 * So a burst of parallel guesses, to one process or to several on the same database, cannot all
 * slip in before the first failure is recorded: each sees the others'.
 */
export class SignInLimiter {
  private readonly store: FailureStore;
  private readonly pairs: FailureRateLimiter;
  private readonly accounts: GrowingDelay;
  private readonly addresses: GrowingDelay;
  private readonly knownAddressMs: number;

  constructor(limits: SignInLimits, store: FailureStore) {
    this.store = store;
    this.pairs = new FailureRateLimiter(
      store,
      "sign-in-pair",
      limits.pairFailures,
      limits.pairWindowMs,
    );
    this.accounts = new GrowingDelay(store, "sign-in-account", limits.account);
    this.addresses = new GrowingDelay(store, "sign-in-address", limits.address);
    this.knownAddressMs = limits.knownAddressMs;
  }

  /**
   * Whether `address` may try a password for `account` now. When allowed, the attempt counts as
   * failed until `succeeded()` is called. `account` is the normalised e-mail address typed.
   */
  async tryAttempt(account: string, address: string, now = Date.now()): Promise<SignInAttempt> {
    const addressId = addressKey(address);
    const pair = JSON.stringify([account, addressId]);
    const ids = await Promise.all([
      this.pairs.recordFailure(pair, now),
      this.accounts.recordFailure(account, now),
      this.addresses.recordFailure(addressId, now),
    ]);
    const own = new Set(ids);
    const [pairWait, known, accountWait, addressWait] = await Promise.all([
      this.pairs.retryAfterMs(pair, now, own),
      this.isKnown(pair, now),
      this.accounts.retryAfterMs(account, now, own),
      this.addresses.retryAfterMs(addressId, now, own),
    ]);
    const retryAfterMs = Math.max(pairWait, known ? 0 : Math.max(accountWait, addressWait));
    if (retryAfterMs > 0) {
      // Refused: the attempt was never made, so it is no failure.
      await this.store.remove(ids);
      return { allowed: false, retryAfterMs };
    }
    const [, accountFailure, addressFailure] = ids;
    return {
      allowed: true,
      succeeded: async () => {
        await this.pairs.reset(pair);
        // The account's and the address's other failures stay: someone else may be guessing.
        await this.accounts.withdrawFailures([accountFailure]);
        await this.addresses.withdrawFailures([addressFailure]);
        await this.store.remember(pair, now);
      },
    };
  }

  private async isKnown(pair: string, now: number): Promise<boolean> {
    const signedInAt = await this.store.knownSince(pair);
    return signedInAt !== undefined && now - signedInAt < this.knownAddressMs;
  }
}
