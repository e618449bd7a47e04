// The limits on guessing, counted in the database (SQLite, or PostgreSQL under with-postgres.sh):
// two dashboard processes on one database hold the same counts, so guesses spread over them are
// limited as guesses to one are; and the store forgets what no limit needs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { DatabaseFailureStore } from "../src/auth/rate-limits/database-failure-store.ts";
import { createRateLimits, signInLimits } from "../src/auth/rate-limits/rate-limits.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";

let environment: TestEnvironment;
let one: Database;
let other: Database;
const minute = 60_000;

beforeAll(async () => {
  environment = await prepareTestEnvironment("rate-limits");
  one = await openDatabase(environment);
  // A second connection pool on the same database, as a second dashboard process has.
  other = await openDatabase(environment);
});

afterAll(async () => {
  await one.destroy();
  await other.destroy();
  await environment.cleanup();
});

describe("limits shared by the processes on one database", () => {
  it("locks an address out of an account after wrong passwords sent to either process", async () => {
    const here = createRateLimits(one).signIn;
    const there = createRateLimits(other).signIn;
    const account = `ada-${randomUUID()}@example.com`;
    const now = Date.now();
    for (let n = 0; n < 5; n += 1) {
      const process = n % 2 === 0 ? here : there;
      expect((await process.tryAttempt(account, "192.0.2.1", now)).allowed).toBe(true);
    }
    const refused = await here.tryAttempt(account, "192.0.2.1", now);
    expect(refused).toEqual({ allowed: false, retryAfterMs: signInLimits.pairWindowMs });
    expect((await there.tryAttempt(account, "192.0.2.1", now)).allowed).toBe(false);
  });

  it("lets fewer than the limit through when a burst is spread over both at once", async () => {
    const here = createRateLimits(one).signIn;
    const there = createRateLimits(other).signIn;
    const account = `grace-${randomUUID()}@example.com`;
    const now = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        (n % 2 === 0 ? here : there).tryAttempt(account, "192.0.2.7", now),
      ),
    );
    expect(burst.filter((attempt) => attempt.allowed).length).toBeLessThanOrEqual(5);
  });

  it("exempts an address its account signed in from through the other process", async () => {
    const here = createRateLimits(one).signIn;
    const there = createRateLimits(other).signIn;
    const account = `hedy-${randomUUID()}@example.com`;
    const start = Date.now();
    const signedIn = await here.tryAttempt(account, "198.51.100.9", start);
    if (!signedIn.allowed) throw new Error("refused");
    await signedIn.succeeded();
    for (let n = 0; n < 8; n += 1) await there.tryAttempt(account, `203.0.113.${String(n)}`, start);
    expect((await there.tryAttempt(account, "192.0.2.55", start)).allowed).toBe(false);
    expect((await there.tryAttempt(account, "198.51.100.9", start)).allowed).toBe(true);
  });

  it("counts look-ups that led nowhere per address across processes", async () => {
    const here = createRateLimits(one).shareLinks;
    const there = createRateLimits(other).shareLinks;
    const address = `address-${randomUUID()}`;
    for (let n = 0; n < 30; n += 1) await (n % 2 === 0 ? here : there).recordFailure(address);
    expect(await here.retryAfterMs(address)).toBeGreaterThan(0);
    expect(await there.retryAfterMs(address)).toBeGreaterThan(0);
  });

  it("forgets failures no limit needs any more (older than an hour)", async () => {
    const store = new DatabaseFailureStore(one);
    const key = randomUUID();
    const now = Date.now();
    await store.add("forgetting", key, now - 61 * minute);
    await store.add("forgetting", key, now);
    const kept = await one
      .selectFrom("auth_failures")
      .select("at")
      .where("scope", "=", "forgetting")
      .execute();
    expect(kept.map((row) => Date.parse(row.at))).toEqual([now]);
  });
});
