// The sign-in limits against the real server and its embedded identity provider, with clients at
// several addresses: the server is started with TRUST_PROXY=loopback, so the X-Forwarded-For each
// test browser sends is its address. What must hold: only passwords really tried count; wrong
// passwords from one address lock that address out of the account, and only slow others down a
// little, the more the longer; the owner is never locked out by someone else.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createIdpAccount } from "../src/idp/accounts.ts";
import { createUser } from "../src/store/users.ts";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { lookupMisses } from "../src/auth/rate-limits/rate-limits.ts";
import { startTestDashboard, type TestDashboard } from "./idp-support.ts";
import { TestBrowser } from "./support/test-browser.ts";

let server: TestDashboard;
let base: string;
const password = "correct horse battery";

beforeAll(async () => {
  server = await startTestDashboard({ TRUST_PROXY: "loopback" });
  base = server.dashboard.url;
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A browser at `address`, as the trusted proxy (the test) reports it. */
class BrowserAt extends TestBrowser {
  readonly address: string;

  constructor(address: string) {
    super();
    this.address = address;
  }

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.address);
    return super.request(url, { ...init, headers });
  }
}

/** A dashboard user with a password at the embedded provider. */
async function newUser(): Promise<string> {
  const email = `ada.${Math.random().toString(36).slice(2)}@example.com`;
  const account = await createIdpAccount(server.db, { email, fullname: "Ada", password });
  await createUser(server.db, {
    email,
    fullname: "Ada",
    issuer: `${base}/oidc`,
    subject: account.id,
  });
  return email;
}

/** The provider's sign-in form, reached from the dashboard's login link. */
async function openSignInForm(browser: BrowserAt): Promise<string> {
  const hops = await browser.navigate(`${base}/api/login?next=/`);
  const last = hops[hops.length - 1];
  expect(last?.status).toBe(200);
  expect(last?.url.startsWith(`${base}/oidc/interaction/`)).toBe(true);
  const html = await (await browser.request(last?.url ?? "")).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error("no sign-in form");
  return action.replaceAll("&amp;", "&");
}

/** Tries a password; answers the form's status and, when it was right, where the browser lands. */
async function tryPassword(
  browser: BrowserAt,
  email: string,
  secret: string,
): Promise<{ status: number; retryAfter: string | null; page: string; landedOn?: string }> {
  const action = await openSignInForm(browser);
  const response = await browser.request(action, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email, password: secret }).toString(),
  });
  const page = await response.text();
  const result = { status: response.status, retryAfter: response.headers.get("retry-after"), page };
  const location = response.headers.get("location");
  if (response.status !== 303 || location === null) return result;
  const hops = await browser.navigate(new URL(location, action).href);
  return { ...result, landedOn: hops[hops.length - 1]?.url };
}

async function expectSignedIn(browser: BrowserAt, email: string): Promise<void> {
  const result = await tryPassword(browser, email, password);
  expect(result.status).toBe(303);
  expect(result.landedOn).toBe(`${base}/`);
  expect(browser.cookie(base, sessionCookieName)).toBeDefined();
}

describe("sign-in links with made-up registrations", () => {
  it("do not count as failed sign-ins: the address still signs in", async () => {
    const email = await newUser();
    const visitor = new BrowserAt("192.0.2.10");
    // A page of another site sends its visitor to many such links: no look-up, nothing counted.
    for (let n = 0; n < 25; n += 1) {
      const response = await visitor.request(
        `${base}/api/login?registration=made-up-${String(n)}`,
        {
          headers: { "sec-fetch-site": "cross-site" },
        },
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/register?token=made-up-${String(n)}`);
    }
    // A client without Fetch Metadata (an old browser, a script): each is a registration look-up,
    // limited per address as such, and never a failed sign-in.
    for (let n = 0; n < lookupMisses.maxFailures; n += 1) {
      const response = await visitor.request(`${base}/api/login?registration=made-up-${String(n)}`);
      expect(response.headers.get("location")).toBe("/login?error=registration-invalid");
    }
    const limited = await visitor.request(`${base}/api/login?registration=one-more`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();

    await expectSignedIn(visitor, email);
  });
});

describe("wrong passwords", () => {
  it("lock the guessing address out, but not the owner at another address", async () => {
    vi.setSystemTime(new Date()); // frozen: the waits below are exact
    const email = await newUser();
    const owner = new BrowserAt("198.51.100.20");
    await expectSignedIn(owner, email);

    const attacker = new BrowserAt("203.0.113.66");
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await tryPassword(attacker, email, `wrong ${String(attempt)}`)).status).toBe(401);
    }
    const locked = await tryPassword(attacker, email, password);
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe("900");
    expect(locked.page).toContain("Too many failed sign-ins. Try again in 15 minutes.");

    // The owner, at the address they signed in from before, is not held up at all.
    await expectSignedIn(new BrowserAt("198.51.100.20"), email);
  });

  it("make others wait for the account a little, longer after each further failure, capped", async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const email = await newUser();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const result = await tryPassword(
        new BrowserAt("203.0.113.1"),
        email,
        `wrong ${String(attempt)}`,
      );
      expect(result.status).toBe(401);
    }

    // From address after address, each waiting as told and then guessing wrong.
    const waits: string[] = [];
    let now = start;
    for (let n = 2; n <= 9; n += 1) {
      const guesser = new BrowserAt(`203.0.113.${String(n)}`);
      const refused = await tryPassword(guesser, email, password);
      expect(refused.status).toBe(429);
      expect(refused.page).toMatch(
        /Too many failed sign-ins\. Try again in \d+ (second|seconds|minute)\./,
      );
      waits.push(refused.retryAfter ?? "");
      now += Number(refused.retryAfter) * 1000;
      vi.setSystemTime(now);
      expect((await tryPassword(guesser, email, "wrong again")).status).toBe(401);
    }
    expect(waits).toEqual(["1", "2", "4", "8", "16", "32", "60", "60"]);

    // The owner, signing in from a new address, waits at most the cap.
    const owner = new BrowserAt("198.51.100.30");
    const held = await tryPassword(owner, email, password);
    expect(held.status).toBe(429);
    expect(held.retryAfter).toBe("60");
    vi.setSystemTime(now + 60_000);
    await expectSignedIn(owner, email);
  });
});
