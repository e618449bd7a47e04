// The embedded identity provider against the real server: discovery, the authorization-code flow
// with PKCE through the sign-in page, wrong passwords, rate limiting, expired links, sign-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { embeddedClientId, embeddedIdpClientSecret } from "../src/auth/identity-provider.ts";
import { createIdpAccount } from "../src/idp/accounts.ts";
import {
  Browser,
  authorizationRequest,
  formAction,
  postForm,
  startTestDashboard,
  type AuthorizationRequest,
  type TestDashboard,
} from "./idp-support.ts";

let server: TestDashboard;
let base: string;
let clientSecret: string;
const password = "correct horse battery";

beforeAll(async () => {
  server = await startTestDashboard();
  base = server.dashboard.url;
  clientSecret = await embeddedIdpClientSecret(server.db, server.dataDir);
});

afterAll(async () => {
  await server.close();
});

async function newAccount(fullname = "Ada Lovelace") {
  const email = `Ada.${Math.random().toString(36).slice(2)}@Example.com`;
  const account = await createIdpAccount(server.db, { email, fullname, password });
  return { ...account, typedEmail: email };
}

/** Starts a sign-in in `browser` and returns the sign-in page's response. */
async function openSignInPage(browser: Browser, request: AuthorizationRequest): Promise<Response> {
  const page = await browser.follow(request.url, `${base}/api/`);
  expect(page.status).toBe(200);
  return page;
}

function submitCredentials(browser: Browser, html: string, email: string, secret: string) {
  return postForm(browser, formAction(html), { email, password: secret }, base);
}

async function exchange(code: string, verifier: string) {
  return fetch(`${base}/oidc/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${embeddedClientId}:${clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${base}/api/oidc/callback`,
      code_verifier: verifier,
    }).toString(),
  });
}

/** Where the provider sent the browser back to the dashboard, as a URL. */
async function callbackAfter(browser: Browser, response: Response): Promise<URL> {
  const location = response.headers.get("location");
  expect(location).not.toBeNull();
  const back = await browser.follow(new URL(location ?? "", base).href, `${base}/api/`);
  expect(back.status).toBe(303);
  const callback = new URL(back.headers.get("location") ?? "", base);
  expect(callback.origin + callback.pathname).toBe(`${base}/api/oidc/callback`);
  return callback;
}

describe("discovery", () => {
  it("advertises the public endpoints under /oidc and what the dashboard's client needs", async () => {
    const response = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${base}/oidc`,
      authorization_endpoint: `${base}/oidc/auth`,
      token_endpoint: `${base}/oidc/token`,
      jwks_uri: `${base}/oidc/jwks`,
      end_session_endpoint: `${base}/oidc/session/end`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(["sub", "email", "email_verified", "name"]),
    );
  });

  it("publishes only public signing keys", async () => {
    const { keys } = (await (await fetch(`${base}/oidc/jwks`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toHaveProperty("d");
  });
});

describe("signing in with the authorization-code flow and PKCE", () => {
  it("goes from the sign-in page to a verified ID token with the account's claims", async () => {
    const account = await newAccount();
    const browser = new Browser();
    const request = authorizationRequest(base, embeddedClientId);
    const page = await openSignInPage(browser, request);
    const html = await page.text();
    expect(html).toContain("<title>Sign in to Anbox Cloud</title>");
    expect(html).toMatch(/<label for="email">/);
    expect(html).toMatch(/<label for="password">/);
    expect(html).toContain(">Sign in</button>");
    expect(page.headers.get("cache-control")).toBe("no-store");

    // The address as the person typed it, in mixed case.
    const submitted = await submitCredentials(browser, html, account.typedEmail, password);
    expect(submitted.status).toBe(303);
    const callback = await callbackAfter(browser, submitted);
    expect(callback.searchParams.get("state")).toBe(request.state);
    expect(callback.searchParams.get("iss")).toBe(`${base}/oidc`);
    const code = callback.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const tokenResponse = await exchange(code, request.verifier);
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { id_token: string; access_token: string };
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token,
      createRemoteJWKSet(new URL(`${base}/oidc/jwks`)),
      { issuer: `${base}/oidc`, audience: embeddedClientId },
    );
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: account.id,
      nonce: request.nonce,
      email: account.email,
      email_verified: true,
      name: "Ada Lovelace",
    });
    expect(account.email).toBe(account.typedEmail.toLowerCase());

    // The access token opens the userinfo endpoint too.
    const userinfo = () =>
      fetch(`${base}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await (await userinfo()).json()).toMatchObject({
      sub: account.id,
      email: account.email,
    });

    // A code is good once only, and using it again revokes what it gave.
    expect((await exchange(code, request.verifier)).status).toBe(400);
    expect((await userinfo()).status).toBe(401);

    // Signed in at the provider: the next sign-in needs no form and no consent.
    const again = authorizationRequest(base, embeddedClientId);
    const straight = await browser.follow(again.url, `${base}/api/`);
    expect(straight.status).toBe(303);
    expect(new URL(straight.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
  });

  it("fills the e-mail field from the dashboard's login_hint, escaped", async () => {
    const request = authorizationRequest(base, embeddedClientId, {
      login_hint: 'new.user@example.com"><b>',
    });
    const html = await (await openSignInPage(new Browser(), request)).text();
    expect(html).toContain('value="new.user@example.com&quot;&gt;&lt;b&gt;"');
    expect(html).not.toContain("<b>");
  });

  it("refuses an authorization request without PKCE", async () => {
    const browser = new Browser();
    const request = authorizationRequest(base, embeddedClientId, {});
    const url = new URL(request.url);
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const response = await browser.follow(url.href, `${base}/api/`);
    const location = new URL(response.headers.get("location") ?? "", base);
    expect(location.pathname).toBe("/api/oidc/callback");
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses a code with the wrong PKCE verifier", async () => {
    const account = await newAccount();
    const browser = new Browser();
    const request = authorizationRequest(base, embeddedClientId);
    const html = await (await openSignInPage(browser, request)).text();
    const submitted = await submitCredentials(browser, html, account.email, password);
    const code = (await callbackAfter(browser, submitted)).searchParams.get("code") ?? "";
    const response = await exchange(code, authorizationRequest(base, embeddedClientId).verifier);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("signs out with RP-initiated logout and asks for the password again after", async () => {
    const account = await newAccount();
    const browser = new Browser();
    const request = authorizationRequest(base, embeddedClientId);
    const html = await (await openSignInPage(browser, request)).text();
    const submitted = await submitCredentials(browser, html, account.email, password);
    const code = (await callbackAfter(browser, submitted)).searchParams.get("code") ?? "";
    const { id_token: idToken } = (await (await exchange(code, request.verifier)).json()) as {
      id_token: string;
    };

    // The session's own ID token as the hint: signed out at once, back to the dashboard (the
    // confirmation page is for other requests: see idp-logout.test.ts).
    const logout = await browser.request(
      `${base}/oidc/session/end?${new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: `${base}/login`,
      }).toString()}`,
    );
    expect(logout.status).toBe(303);
    expect(logout.headers.get("location")).toBe(`${base}/login`);

    const next = await browser.follow(
      authorizationRequest(base, embeddedClientId).url,
      `${base}/api/`,
    );
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Sign in to Anbox Cloud");
  });
});

describe("refusals", () => {
  it("a wrong password shows the page again with 401 and is audited without the password", async () => {
    const account = await newAccount();
    const browser = new Browser();
    const html = await (
      await openSignInPage(browser, authorizationRequest(base, embeddedClientId))
    ).text();
    const response = await submitCredentials(browser, html, account.email, "not the password");
    expect(response.status).toBe(401);
    const page = await response.text();
    expect(page).toContain("Wrong e-mail address or password");
    expect(page).toContain("Sign in to Anbox Cloud");
    expect(page).not.toContain("not the password");

    // An unknown address gets the very same answer.
    const unknown = await submitCredentials(browser, page, "nobody@example.com", password);
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Wrong e-mail address or password");

    const rows = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("actor", "=", account.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "sign-in", outcome: "failure", address: "127.0.0.1" });
    expect(JSON.stringify(rows)).not.toContain("not the password");
  });

  it("after 5 failures for an account, answers 429 without checking the password", async () => {
    const account = await newAccount();
    const browser = new Browser();
    let html = await (
      await openSignInPage(browser, authorizationRequest(base, embeddedClientId))
    ).text();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await submitCredentials(browser, html, account.email, `wrong ${attempt}`);
      expect(response.status).toBe(401);
      html = await response.text();
    }
    const limited = await submitCredentials(browser, html, account.email, password);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many failed sign-ins. Try again in 15 minutes.");

    // Another account from the same address is not locked out (the address limit is higher).
    const other = await newAccount();
    const fine = await submitCredentials(browser, html, other.email, password);
    expect(fine.status).toBe(303);
  });

  it("an unknown interaction gets a clear page with a way back", async () => {
    const response = await fetch(`${base}/oidc/interaction/no-such-interaction`);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain(
      "This sign-in link has expired. Go back to the dashboard and sign in again.",
    );
    expect(html).toContain(`href="${base}/login"`);
    expect(html).not.toMatch(/Error:|at \w+ \(/);

    const posted = await postForm(
      new Browser(),
      `${base}/oidc/interaction/no-such-interaction/login`,
      { email: "a@example.com", password },
      base,
    );
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain("This sign-in link has expired.");
  });

  it("a sign-in form sent from another site is refused", async () => {
    const account = await newAccount();
    const browser = new Browser();
    const html = await (
      await openSignInPage(browser, authorizationRequest(base, embeddedClientId))
    ).text();
    const response = await postForm(
      browser,
      formAction(html),
      { email: account.email, password },
      "https://evil.example",
    );
    expect(response.status).toBe(403);
  });

  it("the interaction cookie binds the form to the browser that started the sign-in", async () => {
    const account = await newAccount();
    const html = await (
      await openSignInPage(new Browser(), authorizationRequest(base, embeddedClientId))
    ).text();
    const response = await submitCredentials(new Browser(), html, account.email, password);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in link has expired.");
  });
});
