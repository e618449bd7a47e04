// Sign-in as a relying party of an external OpenID provider (the test double), logout, and session
// lifetimes, against the real dashboard server. Cookies are handled by hand (TestBrowser).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sessionInfoSchema } from "@anbox-dashboard/contract";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { hashSessionToken } from "../src/store/browser-sessions.ts";
import { setUserDisabled } from "../src/store/users.ts";
import { addUser, signIn, startAuthHarness, type AuthHarness } from "./support/auth-harness.ts";
import { TestBrowser } from "./support/test-browser.ts";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;

beforeAll(async () => {
  harness = await startAuthHarness(ada);
  await addUser(harness, ada);
});

afterAll(async () => {
  await harness.stop();
});

async function info(cookie: string | undefined): Promise<Response> {
  return fetch(`${harness.url}/api/info`, {
    headers: cookie === undefined ? {} : { cookie: `${sessionCookieName}=${cookie}` },
  });
}

async function auditEntries(action: string) {
  return harness.db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .orderBy("at")
    .execute();
}

describe("signing in through the identity provider", () => {
  it("goes through the provider and comes back signed in, with the session cookie only", async () => {
    const { hops, landedOn, session, browser } = await signIn(harness, "next=/instances");
    expect(hops[0]?.location).toMatch(new RegExp(`^${harness.provider.issuer}/auth\\?`));
    const authorize = new URL(hops[0]?.location ?? "");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).not.toBe("");
    expect(authorize.searchParams.get("nonce")).not.toBe("");
    expect(landedOn).toBe("/instances");
    expect(session).toBeDefined();

    // Nothing but the session cookie is left on the dashboard's origin (the login one is cleared).
    expect([...(browser.cookies.get(harness.url) ?? new Map<string, string>()).keys()]).toEqual([
      sessionCookieName,
    ]);
    const response = await info(session);
    expect(response.status).toBe(200);
    const body = sessionInfoSchema.parse(await response.json());
    expect(body.user).toEqual({ fullname: "Ada Lovelace", email: "ada@example.com" });
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, on /, for no longer than a session lives", async () => {
    const browser = new TestBrowser();
    const callbackUrl = await browser.callbackUrl(`${harness.url}/api/login?next=/`);
    const callback = await browser.request(callbackUrl.href);
    const setCookie = callback.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${sessionCookieName}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie ?? "")?.[1]);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    // The ID token stays on the server.
    expect(callback.headers.getSetCookie().join("\n")).not.toMatch(/eyJ/);
  });

  it("refuses an off-site next and goes to / instead", async () => {
    for (const next of [
      "//evil.example.com/x",
      "https://evil.example.com",
      "/\\evil.example.com",
    ]) {
      const { landedOn, session } = await signIn(harness, `next=${encodeURIComponent(next)}`);
      expect(landedOn).toBe("/");
      expect(session).toBeDefined();
    }
  });

  it("makes a new session for every sign-in (no fixation)", async () => {
    const first = await signIn(harness);
    const second = await signIn(harness);
    expect(first.session).toBeDefined();
    expect(second.session).toBeDefined();
    expect(first.session).not.toBe(second.session);
  });

  it("replaces the session a browser already had when it signs in again", async () => {
    const { browser, session: before } = await signIn(harness);
    const { session: after } = await signIn(harness, "next=/", browser);
    expect(after).not.toBe(before);
    expect((await info(before)).status).toBe(401);
    expect((await info(after)).status).toBe(200);
  });

  it("refuses a callback whose state was tampered with, and audits it", async () => {
    const browser = new TestBrowser();
    const callback = await browser.callbackUrl(`${harness.url}/api/login?next=/`);
    callback.searchParams.set("state", `${callback.searchParams.get("state") ?? ""}x`);
    const refused = await browser.request(callback.href);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/login\?error=/);
    expect(browser.cookie(harness.url, sessionCookieName)).toBeUndefined();
    const failures = (await auditEntries("sign-in")).filter((e) => e.outcome === "failure");
    expect(failures.length).toBeGreaterThan(0);
  });

  it("refuses a callback with no transaction, or an error from the provider", async () => {
    const browser = new TestBrowser();
    const noTransaction = await browser.request(
      `${harness.url}/api/oidc/callback?code=abc&state=never-started`,
    );
    expect(noTransaction.headers.get("location")).toBe("/login?error=expired");
    const providerError = await browser.request(
      `${harness.url}/api/oidc/callback?error=access_denied&state=x`,
    );
    expect(providerError.headers.get("location")).toBe("/login?error=provider");
  });

  it("sends an identity without a dashboard account to /forbidden", async () => {
    harness.provider.setAccount({ sub: "stranger", email: "s@example.com", name: "Stranger" });
    try {
      const { landedOn, session } = await signIn(harness);
      expect(landedOn).toBe("/forbidden");
      expect(session).toBeUndefined();
    } finally {
      harness.provider.setAccount(ada);
    }
    const failures = await auditEntries("sign-in");
    expect(failures.some((e) => e.detail.includes("no account"))).toBe(true);
  });
});

describe("logging out", () => {
  it("ends the session, clears the cookie, and goes through the provider back to /login", async () => {
    const { browser, session } = await signIn(harness);
    const response = await browser.request(`${harness.url}/logout`);
    expect(response.status).toBe(302);
    const endSession = new URL(response.headers.get("location") ?? "");
    expect(endSession.origin).toBe(harness.provider.issuer);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${harness.url}/login`);
    expect(endSession.searchParams.get("id_token_hint")).toMatch(/^eyJ/);
    expect(browser.cookie(harness.url, sessionCookieName)).toBeUndefined();
    expect((await info(session)).status).toBe(401);
    const signOuts = await auditEntries("sign-out");
    expect(signOuts.some((e) => e.actor === "ada@example.com")).toBe(true);
  });

  it("without a session, simply goes to /login", async () => {
    const response = await fetch(`${harness.url}/logout`, { redirect: "manual" });
    expect(response.headers.get("location")).toBe("/login");
  });

  it("ignores a logout link on another site", async () => {
    const { session } = await signIn(harness);
    const response = await fetch(`${harness.url}/logout`, {
      redirect: "manual",
      headers: { cookie: `${sessionCookieName}=${session}`, "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(302);
    expect((await info(session)).status).toBe(200);
  });
});

describe("session lifetimes and disabled users", () => {
  it("ends a session left idle past its limit", async () => {
    const { session } = await signIn(harness);
    expect((await info(session)).status).toBe(200);
    await harness.db
      .updateTable("browser_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", hashSessionToken(session ?? ""))
      .execute();
    expect((await info(session)).status).toBe(401);
  });

  it("ends a session past its absolute limit, however recently used", async () => {
    const { session } = await signIn(harness);
    await harness.db
      .updateTable("browser_sessions")
      .set({ absolute_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", hashSessionToken(session ?? ""))
      .execute();
    expect((await info(session)).status).toBe(401);
  });

  it("answers 403 to a disabled user's session, and refuses their next sign-in", async () => {
    const grace = { sub: `grace-${randomUUID()}`, email: "grace@example.com", name: "Grace" };
    await addUser(harness, grace);
    harness.provider.setAccount(grace);
    try {
      const { session } = await signIn(harness);
      expect((await info(session)).status).toBe(200);
      await setUserDisabled(harness.db, grace.email, true);
      expect((await info(session)).status).toBe(403);
      const again = await signIn(harness);
      expect(again.landedOn).toBe("/forbidden");
      expect(again.session).toBeUndefined();
    } finally {
      harness.provider.setAccount(ada);
    }
  });
});
