import { describe, expect, it } from "vitest";
import { SignInLimiter, type SignInAttempt } from "./sign-in-limiter.ts";
import { signInLimits } from "./rate-limits.ts";
import { MemoryFailureStore } from "./memory-failure-store.test-support.ts";

const minute = 60_000;
/** The limits the server ships with: what the tests below count against. */
const limits = signInLimits;

/** A wrong password: the attempt is allowed and never succeeds. */
async function fail(
  limiter: SignInLimiter,
  account: string,
  address: string,
  now: number,
): Promise<void> {
  expect((await limiter.tryAttempt(account, address, now)).allowed).toBe(true);
}

function waitOf(attempt: SignInAttempt): number {
  return attempt.allowed ? 0 : attempt.retryAfterMs;
}

async function succeed(
  limiter: SignInLimiter,
  account: string,
  address: string,
  now: number,
): Promise<void> {
  const attempt = await limiter.tryAttempt(account, address, now);
  if (!attempt.allowed) throw new Error(`refused for ${String(attempt.retryAfterMs)} ms`);
  await attempt.succeeded();
}

describe("SignInLimiter", () => {
  it("locks one address out of one account after 5 wrong passwords, for the window", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    for (let n = 0; n < 5; n += 1) await fail(limiter, "ada", "192.0.2.1", 0);
    expect(waitOf(await limiter.tryAttempt("ada", "192.0.2.1", 0))).toBe(15 * minute);
    // The same address may still sign in to another account.
    expect(waitOf(await limiter.tryAttempt("grace", "192.0.2.1", 0))).toBe(0);
    expect(waitOf(await limiter.tryAttempt("ada", "192.0.2.1", 15 * minute))).toBe(0);
  });

  it("makes others wait only briefly for an account someone else is guessing, growing to a cap", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    for (let n = 0; n < 5; n += 1) await fail(limiter, "ada", "192.0.2.1", 0);
    // The 5 wrong passwords from A cost a new address a second, not a lockout.
    expect(waitOf(await limiter.tryAttempt("ada", "198.51.100.9", 0))).toBe(1000);

    // Each further wrong password, from address after address as soon as one may try, doubles the
    // wait, up to a minute. (The refused attempts from 198.51.100.9 count for nothing.)
    const waits: number[] = [];
    let now = 1000;
    for (let n = 0; n < 10; n += 1) {
      await fail(limiter, "ada", `203.0.113.${String(n)}`, now);
      const wait = waitOf(await limiter.tryAttempt("ada", "198.51.100.9", now));
      waits.push(wait);
      now += wait;
    }
    expect(waits).toEqual([
      2000,
      4000,
      8000,
      16_000,
      32_000,
      minute,
      minute,
      minute,
      minute,
      minute,
    ]);
  });

  it("does not hold up the owner at an address the account signed in from", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    await succeed(limiter, "ada", "198.51.100.9", 0);
    for (let n = 0; n < 30; n += 1)
      await fail(limiter, "ada", `203.0.113.${String(n % 6)}`, n * minute);
    const now = 29 * minute + 1; // just after the last wrong password
    expect(waitOf(await limiter.tryAttempt("ada", "192.0.2.55", now))).toBeGreaterThan(0);
    expect(waitOf(await limiter.tryAttempt("ada", "198.51.100.9", now))).toBe(0);
  });

  it("still locks a known address that keeps guessing", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    await succeed(limiter, "ada", "198.51.100.9", 0);
    for (let n = 0; n < 5; n += 1) await fail(limiter, "ada", "198.51.100.9", 1);
    expect(waitOf(await limiter.tryAttempt("ada", "198.51.100.9", 1))).toBe(15 * minute);
  });

  it("slows one address trying a password across many accounts", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    for (let n = 0; n < 20; n += 1)
      await fail(limiter, `user${String(n)}@example.com`, "192.0.2.1", 0);
    expect(waitOf(await limiter.tryAttempt("someone@example.com", "192.0.2.1", 0))).toBe(1000);
    expect(waitOf(await limiter.tryAttempt("someone@example.com", "192.0.2.2", 0))).toBe(0);
  });

  it("counts an attempt before its password is checked, and takes it back when it was right", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    // Five guesses sent at once: the sixth is refused although none has been answered yet.
    const pending = await Promise.all(
      Array.from({ length: 5 }, () => limiter.tryAttempt("ada", "192.0.2.1", 0)),
    );
    expect(pending.every((attempt) => attempt.allowed)).toBe(true);
    expect((await limiter.tryAttempt("ada", "192.0.2.1", 0)).allowed).toBe(false);

    const owner = new SignInLimiter(limits, new MemoryFailureStore());
    for (let n = 0; n < 4; n += 1) await fail(owner, "ada", "192.0.2.1", 0);
    await succeed(owner, "ada", "192.0.2.1", 0);
    // The success cleared the pair and was not itself a failure: 5 more tries before the lock.
    for (let n = 0; n < 5; n += 1) await fail(owner, "ada", "192.0.2.1", 0);
    expect((await owner.tryAttempt("ada", "192.0.2.1", 0)).allowed).toBe(false);
  });

  it("treats the addresses of one IPv6 /64 network as one address", async () => {
    const limiter = new SignInLimiter(limits, new MemoryFailureStore());
    for (let n = 0; n < 5; n += 1) await fail(limiter, "ada", `2001:db8:1:2::${String(n + 1)}`, 0);
    expect(waitOf(await limiter.tryAttempt("ada", "2001:db8:1:2::99", 0))).toBe(15 * minute);
  });
});
