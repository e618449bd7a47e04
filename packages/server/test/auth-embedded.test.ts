// The relying party against the embedded identity provider, end to end on one real server: the
// dashboard's login link, the provider's sign-in form, the callback, and logout through the
// provider's end-session endpoint back to /login (after which the password is asked again).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareTestEnvironment, type TestEnvironment } from "./support/test-environment.ts";
import { sessionInfoSchema } from "@anbox-dashboard/contract";
import { readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { createUser } from "../src/store/users.ts";
import { createIdpAccount } from "../src/idp/accounts.ts";
import { sessionCookieName } from "../src/auth/session-cookie.ts";
import { TestBrowser } from "./support/test-browser.ts";
import { formOf, pageAfter } from "./support/provider-pages.ts";

let dataDir: string;
let dashboard: RunningDashboard;
let db: Database;
let environment: TestEnvironment;
let base: string;
const password = "correct horse battery";

beforeAll(async () => {
  environment = await prepareTestEnvironment("auth-embedded");
  dataDir = environment.dataDir;
  dashboard = await startDashboard(
    readConfig(
      {
        DATA_DIR: dataDir,
        PORT: "0",
        WEB_DIST_DIR: environment.webDistDir,
        DATABASE_URL: environment.databaseUrl,
      },
      "/nonexistent-repository-root",
    ),
  );
  base = dashboard.url;
  db = await openDatabase({ dataDir, databaseUrl: environment.databaseUrl });
  const account = await createIdpAccount(db, {
    email: "ada@example.com",
    fullname: "Ada Lovelace",
    password,
  });
  await createUser(db, {
    email: account.email,
    fullname: account.fullname,
    issuer: `${base}/oidc`,
    subject: account.id,
  });
});

afterAll(async () => {
  await db.destroy();
  await dashboard.stop();
  await environment.cleanup();
});

async function post(browser: TestBrowser, url: string, fields: Record<string, string>) {
  const response = await browser.request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  return response;
}

describe("signing in with the embedded identity provider", () => {
  it("signs in through the provider's form, then logs out through the provider", async () => {
    const browser = new TestBrowser();
    const signInPage = await pageAfter(browser, `${base}/api/login?next=/images`);
    expect(signInPage.url.startsWith(`${base}/oidc/`)).toBe(true);
    const form = formOf(signInPage.html);
    const submitted = await post(browser, new URL(form.action, signInPage.url).href, {
      ...form.fields,
      email: "ada@example.com",
      password,
    });
    const landed = await pageAfter(
      browser,
      new URL(submitted.headers.get("location") ?? "", signInPage.url).href,
    );
    expect(landed.url).toBe(`${base}/images`);
    const session = browser.cookie(base, sessionCookieName);
    expect(session).toBeDefined();
    const info = await browser.request(`${base}/api/info`);
    expect(sessionInfoSchema.parse(await info.json()).user.email).toBe("ada@example.com");

    // Logout: the dashboard session ends, then the provider's (no page of its own on the way),
    // and the browser is back at /login.
    const afterLogout = await pageAfter(browser, `${base}/logout`);
    expect(afterLogout.url).toBe(`${base}/login`);
    expect((await browser.request(`${base}/api/info`)).status).toBe(401);

    // The provider's session is gone too: signing in again asks for the password.
    const again = await pageAfter(browser, `${base}/api/login?next=/`);
    expect(again.url.startsWith(`${base}/oidc/`)).toBe(true);
    expect(again.html).toMatch(/type="password"/);
  });
});
