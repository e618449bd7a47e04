import type { Database } from "../../store/database.ts";
import { DatabaseFailureStore } from "./database-failure-store.ts";
import { FailureRateLimiter } from "./failure-rate-limiter.ts";
import type { FailureStore } from "./failure-store.ts";
import { SignInLimiter, type SignInLimits } from "./sign-in-limiter.ts";

/**
 * The server's limits on guessing, counted in the database: every dashboard process on it holds
 * the same counts (and a restart forgets nothing).
 */
export interface RateLimits {
  /** Passwords tried at the embedded identity provider's sign-in form. */
  signIn: SignInLimiter;
  /**
   * Per client address (see address-key.ts): registration links looked up that are not valid
   * (`GET /api/registration`, `/api/login?registration=`) and registrations refused.
   */
  registration: FailureRateLimiter;
  /** Per client address: share links (`/api/public/streams/{token}`) that lead nowhere. */
  shareLinks: FailureRateLimiter;
}

const minute = 60_000;

export const signInLimits: SignInLimits = {
  pairFailures: 5,
  pairWindowMs: 15 * minute,
  // The 6th failure in a quarter of an hour makes the next attempt wait 1 s, then 2 s, 4 s, ...,
  // at most a minute: about one guess a minute however many addresses guess.
  account: {
    failuresBeforeDelay: 5,
    firstDelayMs: 1000,
    maxDelayMs: minute,
    windowMs: 15 * minute,
  },
  address: {
    failuresBeforeDelay: 20,
    firstDelayMs: 1000,
    maxDelayMs: minute,
    windowMs: 15 * minute,
  },
  knownAddressMs: 30 * 24 * 60 * minute,
};

/**
 * Registration and share tokens are 256-bit random values, so no limit is needed against guessing
 * them; these keep a client from hammering the look-ups. Short windows, because a page of another
 * site can make its visitors' browsers look up made-up links too (by framing the dashboard's
 * pages): such a page can hold up its visitors' look-ups for a few minutes at most.
 */
export const lookupMisses = { maxFailures: 30, windowMs: 5 * minute };

export function createRateLimits(
  db: Database,
  store: FailureStore = new DatabaseFailureStore(db),
): RateLimits {
  return {
    signIn: new SignInLimiter(signInLimits, store),
    registration: new FailureRateLimiter(
      store,
      "registration",
      lookupMisses.maxFailures,
      lookupMisses.windowMs,
    ),
    shareLinks: new FailureRateLimiter(
      store,
      "share-links",
      lookupMisses.maxFailures,
      lookupMisses.windowMs,
    ),
  };
}
