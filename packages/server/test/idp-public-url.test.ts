// Behind a reverse proxy: PUBLIC_URL is https with a path, the server listens on plain HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedClientId } from "../src/auth/identity-provider.ts";
import {
  Browser,
  authorizationRequest,
  postForm,
  startTestDashboard,
  type TestDashboard,
} from "./idp-support.ts";

const publicUrl = "https://dashboard.example.com/anbox";
let server: TestDashboard;

beforeAll(async () => {
  server = await startTestDashboard({ PUBLIC_URL: publicUrl });
});

afterAll(async () => {
  await server.close();
});

describe("with an https public URL", () => {
  it("advertises the public endpoints, whatever Host the request came with", async () => {
    const response = await fetch(`${server.dashboard.url}/oidc/.well-known/openid-configuration`, {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expect(await response.json()).toMatchObject({
      issuer: `${publicUrl}/oidc`,
      authorization_endpoint: `${publicUrl}/oidc/auth`,
      token_endpoint: `${publicUrl}/oidc/token`,
      jwks_uri: `${publicUrl}/oidc/jwks`,
    });
  });

  it("sends the browser to the public sign-in page with Secure cookies", async () => {
    const request = authorizationRequest(publicUrl, embeddedClientId);
    const response = await fetch(request.url.replace(publicUrl, server.dashboard.url), {
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(
      new RegExp(`^${publicUrl}/oidc/interaction/[\\w-]+$`),
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; secure/i);
    expect(cookies.some((cookie) => cookie.includes("path=/anbox/oidc/interaction/"))).toBe(true);
  });

  it("accepts the sign-in form from the public origin only", async () => {
    const refused = await postForm(
      new Browser(),
      `${server.dashboard.url}/oidc/interaction/x/login`,
      { email: "a@example.com", password: "whatever it is" },
      server.dashboard.url,
    );
    expect(refused.status).toBe(403);
    const allowed = await postForm(
      new Browser(),
      `${server.dashboard.url}/oidc/interaction/x/login`,
      { email: "a@example.com", password: "whatever it is" },
      "https://dashboard.example.com",
    );
    // Past the origin check; no interaction cookie, so the link counts as expired.
    expect(allowed.status).toBe(400);
  });
});
