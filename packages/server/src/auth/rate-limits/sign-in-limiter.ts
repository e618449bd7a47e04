import { addressKey } from "./address-key.ts";
import { FailureRateLimiter } from "./failure-rate-limiter.ts";
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
      succeeded(): void;
    };

/** Most account and address pairs remembered as known; past it, the longest unused go first. */
const maxKnownPairs = 100_000;

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
 * An attempt is counted as failed before the password is checked, and taken back when it was
 * right: a burst of parallel guesses cannot all slip in before the first failure is recorded.
 */
export class SignInLimiter {
  private readonly pairs: FailureRateLimiter;
  private readonly accounts: GrowingDelay;
  private readonly addresses: GrowingDelay;
  private readonly knownPairs = new Map<string, number>();
  private readonly knownAddressMs: number;

  constructor(limits: SignInLimits) {
    this.pairs = new FailureRateLimiter(limits.pairFailures, limits.pairWindowMs);
    this.accounts = new GrowingDelay(limits.account);
    this.addresses = new GrowingDelay(limits.address);
    this.knownAddressMs = limits.knownAddressMs;
  }

  /**
   * Whether `address` may try a password for `account` now. When allowed, the attempt counts as
   * failed until `succeeded()` is called. `account` is the normalised e-mail address typed.
   */
  tryAttempt(account: string, address: string, now = Date.now()): SignInAttempt {
    const addressId = addressKey(address);
    const pair = JSON.stringify([account, addressId]);
    const retryAfterMs = Math.max(
      this.pairs.retryAfterMs(pair, now),
      this.isKnown(pair, now)
        ? 0
        : Math.max(
            this.accounts.retryAfterMs(account, now),
            this.addresses.retryAfterMs(addressId, now),
          ),
    );
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };

    this.pairs.recordFailure(pair, now);
    this.accounts.recordFailure(account, now);
    this.addresses.recordFailure(addressId, now);
    return {
      allowed: true,
      succeeded: () => {
        this.pairs.reset(pair);
        // The account's and the address's other failures stay: someone else may be guessing.
        this.accounts.withdrawFailure(account, now);
        this.addresses.withdrawFailure(addressId, now);
        this.remember(pair, now);
      },
    };
  }

  private isKnown(pair: string, now: number): boolean {
    const signedInAt = this.knownPairs.get(pair);
    return signedInAt !== undefined && now - signedInAt < this.knownAddressMs;
  }

  private remember(pair: string, now: number): void {
    // Deleted and set again, so that the map's order is the order of the latest sign-ins.
    this.knownPairs.delete(pair);
    this.knownPairs.set(pair, now);
    for (const oldest of this.knownPairs.keys()) {
      if (this.knownPairs.size <= maxKnownPairs) break;
      this.knownPairs.delete(oldest);
    }
  }
}
