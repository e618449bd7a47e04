// The embedded identity provider keeps its keys and sessions across a restart (keys in the
// database, which every dashboard process shares).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { embeddedClientId, embeddedIdpClientSecret } from "../src/auth/identity-provider.ts";
import { createIdpAccount } from "../src/idp/accounts.ts";
import {
  Browser,
  authorizationRequest,
  formAction,
  postForm,
  startTestDashboard,
  type TestDashboard,
} from "./idp-support.ts";

let server: TestDashboard;

beforeAll(async () => {
  server = await startTestDashboard();
});

afterAll(async () => {
  await server.close();
});

function codeFrom(response: Response): string {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location") ?? "");
  expect(location.pathname).toBe("/api/oidc/callback");
  return location.searchParams.get("code") ?? "";
}

describe("after a restart on the same data directory", () => {
  it("ID tokens still verify and the IdP session still holds", async () => {
    const base = server.dashboard.url;
    const secret = await embeddedIdpClientSecret(server.db, server.dataDir);
    await createIdpAccount(server.db, {
      email: "grace@example.com",
      fullname: "Grace Hopper",
      password: "a long enough password",
    });
    const browser = new Browser();
    const request = authorizationRequest(base, embeddedClientId);
    const page = await browser.follow(request.url, `${base}/api/`);
    const submitted = await postForm(
      browser,
      formAction(await page.text()),
      { email: "grace@example.com", password: "a long enough password" },
      base,
    );
    const code = codeFrom(
      await browser.follow(submitted.headers.get("location") ?? "", `${base}/api/`),
    );
    const tokenResponse = await fetch(`${base}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // client_secret_post is accepted as well as basic.
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${base}/api/oidc/callback`,
        code_verifier: request.verifier,
        client_id: embeddedClientId,
        client_secret: secret,
      }).toString(),
    });
    expect(tokenResponse.status).toBe(200);
    const { id_token: idToken } = (await tokenResponse.json()) as { id_token: string };
    const { kid } = decodeProtectedHeader(idToken);

    // The keys are in the database, not in files of this machine's data directory.
    for (const file of ["jwks.json", "cookie-keys.json"]) {
      expect(existsSync(join(server.dataDir, "idp", file))).toBe(false);
    }

    await server.restart();
    expect(server.dashboard.url).toBe(base);

    const { keys } = (await (await fetch(`${base}/oidc/jwks`)).json()) as {
      keys: { kid?: string }[];
    };
    expect(keys.map((key) => key.kid)).toContain(kid);
    await expect(
      jwtVerify(idToken, createRemoteJWKSet(new URL(`${base}/oidc/jwks`)), {
        issuer: `${base}/oidc`,
        audience: embeddedClientId,
      }),
    ).resolves.toBeTruthy();

    // The provider's session cookie is still good: straight back with a code, no form.
    const again = authorizationRequest(base, embeddedClientId);
    expect(codeFrom(await browser.follow(again.url, `${base}/api/`))).not.toBe("");
  });
});
