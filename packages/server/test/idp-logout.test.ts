// Logging out of the dashboard ends the embedded provider's session too, with no page in between
// (no confirmation, no script), so that the next "Login" asks for the password; a logout at the
// provider that another site starts, or that names someone else, still asks first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdpAccount } from "../src/idp/accounts.ts";
import { createUser } from "../src/store/users.ts";
import { startTestDashboard, type TestDashboard } from "./idp-support.ts";
import { TestBrowser, type Hop } from "./support/test-browser.ts";

let server: TestDashboard;
let base: string;
const password = "correct horse battery";

/** What a browser sends on a navigation that stays on the dashboard's own pages. */
const sameOrigin = { "sec-fetch-site": "same-origin" };

beforeAll(async () => {
  server = await startTestDashboard();
  base = server.dashboard.url;
});

afterAll(async () => {
  await server.close();
});

async function newPerson(): Promise<{ email: string }> {
  const email = `ada.${Math.random().toString(36).slice(2)}@example.com`;
  const account = await createIdpAccount(server.db, { email, fullname: "Ada Lovelace", password });
  await createUser(server.db, {
    email: account.email,
    fullname: account.fullname,
    issuer: `${base}/oidc`,
    subject: account.id,
  });
  return { email: account.email };
}

/** Follows redirects from `url` with `headers` on every hop; the hops and the last page's HTML. */
async function visit(
  browser: TestBrowser,
  url: string,
  headers: Record<string, string> = sameOrigin,
): Promise<{ hops: Hop[]; html: string }> {
  const hops: Hop[] = [];
  let current = url;
  for (let i = 0; i < 20; i++) {
    const response = await browser.request(current, { headers });
    const location = response.headers.get("location") ?? undefined;
    hops.push({ url: current, status: response.status, location });
    if (location === undefined) return { hops, html: await response.text() };
    await response.arrayBuffer();
    current = new URL(location, current).href;
  }
  throw new Error(`too many redirects from ${url}`);
}

function lastUrl(hops: Hop[]): string {
  return hops.at(-1)?.url ?? "";
}

/** Signs `browser` in to the dashboard through the provider's sign-in form. */
async function signIn(browser: TestBrowser, email: string): Promise<void> {
  const page = await visit(browser, `${base}/api/login?next=/`);
  expect(page.html).toMatch(/type="password"/);
  const action = (/<form[^>]*action="([^"]+)"/.exec(page.html)?.[1] ?? "").replaceAll("&amp;", "&");
  const submitted = await browser.request(new URL(action, lastUrl(page.hops)).href, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      ...sameOrigin,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
  await submitted.arrayBuffer();
  const landed = await visit(browser, new URL(submitted.headers.get("location") ?? "", base).href);
  expect(lastUrl(landed.hops)).toBe(`${base}/`);
}

/** Whether "Login" asks this browser for its password (else the provider signs it in at once). */
async function loginAsksForPassword(browser: TestBrowser): Promise<boolean> {
  const page = await visit(browser, `${base}/api/login?next=/`);
  const asks = lastUrl(page.hops).startsWith(`${base}/oidc/interaction/`);
  expect(asks).toBe(page.html.includes('type="password"'));
  return asks;
}

/**
 * Ends the browser's dashboard session with /logout, without following its redirect: the
 * provider's end-session address it leads to (with the session's ID token as its hint).
 */
async function endSessionUrlAfterLogout(browser: TestBrowser): Promise<string> {
  const response = await browser.request(`${base}/logout`, { headers: sameOrigin });
  await response.arrayBuffer();
  const location = new URL(response.headers.get("location") ?? "", base);
  expect(location.href.startsWith(`${base}/oidc/session/end?`)).toBe(true);
  expect(location.searchParams.get("id_token_hint")).toBeTruthy();
  return location.href;
}

describe("logging out with the embedded provider", () => {
  it("ends the provider's session too, with no page in between: the next Login asks for the password", async () => {
    const { email } = await newPerson();
    const browser = new TestBrowser();
    await signIn(browser, email);
    // Signed in at the provider: a Login now goes straight through, without the password.
    expect(await loginAsksForPassword(browser)).toBe(false);

    // Straight through the provider's end-session endpoint back to the sign-in page: no page of
    // the provider's, so nothing to click and no script to run.
    const loggedOut = await visit(browser, `${base}/logout`);
    expect(loggedOut.hops.map((hop) => new URL(hop.url).pathname)).toEqual([
      "/logout",
      "/oidc/session/end",
      "/login",
    ]);
    expect(loggedOut.hops.slice(0, 2).map((hop) => hop.status)).toEqual([302, 303]);
    expect((await browser.request(`${base}/api/info`)).status).toBe(401);

    expect(await loginAsksForPassword(browser)).toBe(true);
  });

  it("works the same for a browser that does not say where a navigation comes from", async () => {
    const { email } = await newPerson();
    const browser = new TestBrowser();
    await signIn(browser, email);
    const hops = await browser.navigate(`${base}/logout`);
    expect(hops.map((hop) => new URL(hop.url).pathname)).toEqual([
      "/logout",
      "/oidc/session/end",
      "/login",
    ]);
    expect(await loginAsksForPassword(browser)).toBe(true);
  });

  it("asks first when another site starts the logout at the provider, and keeps the session", async () => {
    const { email } = await newPerson();
    const browser = new TestBrowser();
    await signIn(browser, email);
    const endSession = await endSessionUrlAfterLogout(browser);

    // Even with this very session's ID token, a navigation from another site changes nothing.
    for (const site of ["cross-site", "same-site"]) {
      const response = await browser.request(endSession, { headers: { "sec-fetch-site": site } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Do you want to sign out of Anbox Cloud");
      expect(html).not.toContain("<script");
    }
    expect(await loginAsksForPassword(browser)).toBe(false);
  });

  it("asks first when the ID token names someone else, and keeps the session", async () => {
    const ada = await newPerson();
    const adaBrowser = new TestBrowser();
    await signIn(adaBrowser, ada.email);
    const grace = await newPerson();
    const graceBrowser = new TestBrowser();
    await signIn(graceBrowser, grace.email);
    const gracesEndSession = await endSessionUrlAfterLogout(graceBrowser);

    const response = await adaBrowser.request(gracesEndSession);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Do you want to sign out of Anbox Cloud");
    expect(await loginAsksForPassword(adaBrowser)).toBe(false);
  });
});
