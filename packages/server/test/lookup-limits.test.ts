// The per-address limits on looking up registration and share links, against the real routes
// (reached with `app.inject`, which sets the socket's address): made-up links are counted, past the
// limit the address gets 429 with a message and Retry-After, other addresses are not affected, and
// pages of other sites can neither look links up nor use up their visitors' allowance.
import { afterEach, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@anbox-dashboard/contract";
import { lookupMisses } from "../src/auth/rate-limits/rate-limits.ts";
import { sameOrigin, startTestApp, type TestApp } from "./registration-support.ts";

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const crossSite = { "sec-fetch-site": "cross-site" };

function expectTooMany(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  what: RegExp,
) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(lookupMisses.windowMs / 1000);
  expect(apiErrorSchema.parse(response.json()).message).toMatch(what);
}

describe("registration link look-ups", () => {
  it("answer 429 to an address past its limit of links that are not valid, and only to it", async () => {
    t = await startTestApp();
    const app = t.app;
    const lookUp = (token: string, remoteAddress: string, headers = {}) =>
      app.inject({ url: `/api/registration?token=${token}`, remoteAddress, headers });

    for (let n = 0; n < lookupMisses.maxFailures; n += 1) {
      expect((await lookUp(`made-up-${String(n)}`, "192.0.2.7")).statusCode).toBe(200);
    }
    expectTooMany(
      await lookUp("one-more", "192.0.2.7"),
      /^Too many failed registration attempts from your address\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
    // The other ways in are closed to it too: the registration form and the sign-in link.
    const posted = await app.inject({
      method: "POST",
      url: "/api/registration",
      headers: sameOrigin,
      payload: { token: "x", fullname: "X", email: "x@example.com", password: "long enough pw" },
      remoteAddress: "192.0.2.7",
    });
    expectTooMany(posted, /registration attempts/);
    const login = await app.inject({
      url: "/api/login?registration=x",
      remoteAddress: "192.0.2.7",
    });
    expectTooMany(login, /registration attempts/);

    expect((await lookUp("made-up", "192.0.2.8")).statusCode).toBe(200);
  });

  it("are refused to pages of other sites, without counting them", async () => {
    t = await startTestApp();
    const app = t.app;
    for (let n = 0; n < lookupMisses.maxFailures + 5; n += 1) {
      const fromElsewhere = await app.inject({
        url: `/api/registration?token=made-up-${String(n)}`,
        headers: crossSite,
        remoteAddress: "192.0.2.7",
      });
      expect(fromElsewhere.statusCode).toBe(403);
      // A sign-in link with a registration, from another site: the registration page instead,
      // the token neither looked up nor counted.
      const login = await app.inject({
        url: `/api/login?next=/&registration=made-up-${String(n)}`,
        headers: crossSite,
        remoteAddress: "192.0.2.7",
      });
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toBe(`/register?token=made-up-${String(n)}`);
    }
    const own = await app.inject({
      url: "/api/registration?token=made-up",
      headers: { "sec-fetch-site": "same-origin" },
      remoteAddress: "192.0.2.7",
    });
    expect(own.statusCode).toBe(200);
  });
});

describe("share link look-ups", () => {
  it("answer 429 to an address past its limit of links that lead nowhere, and only to it", async () => {
    t = await startTestApp();
    const app = t.app;
    const open = (remoteAddress: string) =>
      app.inject({ url: "/api/public/streams/made-up", remoteAddress });
    for (let n = 0; n < lookupMisses.maxFailures; n += 1) {
      expect((await open("192.0.2.7")).statusCode).toBe(404);
    }
    expectTooMany(
      await open("192.0.2.7"),
      /^Too many share links that lead nowhere were opened from your address\. Try again in/,
    );
    const join = await app.inject({
      method: "POST",
      url: "/api/public/streams/made-up/join",
      headers: sameOrigin,
      remoteAddress: "192.0.2.7",
    });
    expectTooMany(join, /share links/);
    expect((await open("192.0.2.8")).statusCode).toBe(404);
  });

  it("are refused to pages of other sites, without counting them", async () => {
    t = await startTestApp();
    const app = t.app;
    for (let n = 0; n < lookupMisses.maxFailures + 5; n += 1) {
      const fromElsewhere = await app.inject({
        url: "/api/public/streams/made-up",
        headers: crossSite,
        remoteAddress: "192.0.2.7",
      });
      expect(fromElsewhere.statusCode).toBe(403);
    }
    const own = await app.inject({
      url: "/api/public/streams/made-up",
      remoteAddress: "192.0.2.7",
    });
    expect(own.statusCode).toBe(404);
  });
});

describe("the client's address", () => {
  const openFrom = (app: TestApp["app"], remoteAddress: string, forwardedFor: string) =>
    app.inject({
      url: "/api/public/streams/made-up",
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("is the socket's peer without TRUST_PROXY: X-Forwarded-For cannot dodge a limit", async () => {
    t = await startTestApp();
    for (let n = 0; n < lookupMisses.maxFailures; n += 1) {
      await openFrom(t.app, "192.0.2.7", `198.51.100.${String(n)}`);
    }
    expect((await openFrom(t.app, "192.0.2.7", "198.51.100.200")).statusCode).toBe(429);
  });

  it("is the one a proxy named in TRUST_PROXY forwarded for", async () => {
    t = await startTestApp({ TRUST_PROXY: "192.0.2.1" });
    for (let n = 0; n < lookupMisses.maxFailures; n += 1) {
      await openFrom(t.app, "192.0.2.1", "198.51.100.1");
    }
    expect((await openFrom(t.app, "192.0.2.1", "198.51.100.1")).statusCode).toBe(429);
    // Another client behind the same proxy, and a client lying to the proxy about its address
    // (the proxy appends the address it saw, which is the one that counts).
    expect((await openFrom(t.app, "192.0.2.1", "198.51.100.2")).statusCode).toBe(404);
    expect((await openFrom(t.app, "192.0.2.1", "198.51.100.2, 198.51.100.1")).statusCode).toBe(429);
    // A client that is not the proxy is not believed: it is itself, not the limited address.
    expect((await openFrom(t.app, "203.0.113.5", "198.51.100.1")).statusCode).toBe(404);
  });
});
