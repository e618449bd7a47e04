// Starts the TEST DOUBLE identity provider (see test-oidc-provider.ts) from the environment, for
// Playwright's webServer. Prints `issuer=<url>` once it listens. Never for production use.
//
//   TEST_OIDC_PORT                    port on 127.0.0.1 (required: the dashboard must know it)
//   TEST_OIDC_CLIENT_ID, TEST_OIDC_CLIENT_SECRET
//   TEST_OIDC_DASHBOARD_URL           the dashboard's public URL: the redirect and post-logout
//                                     URIs are derived from it
//   TEST_OIDC_SUB, TEST_OIDC_EMAIL, TEST_OIDC_NAME   the account that signs in
import { startTestOidcProvider } from "./test-oidc-provider.ts";

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") {
    console.error(`run-test-oidc-provider: ${name} must be set`);
    process.exit(2);
  }
  return value;
}

const dashboardUrl = required("TEST_OIDC_DASHBOARD_URL").replace(/\/$/, "");
const provider = await startTestOidcProvider({
  port: Number(required("TEST_OIDC_PORT")),
  clientId: required("TEST_OIDC_CLIENT_ID"),
  clientSecret: required("TEST_OIDC_CLIENT_SECRET"),
  redirectUris: [`${dashboardUrl}/api/oidc/callback`],
  postLogoutRedirectUris: [`${dashboardUrl}/login`],
  account: {
    sub: process.env.TEST_OIDC_SUB ?? "test-user",
    email: process.env.TEST_OIDC_EMAIL ?? "test-user@example.com",
    name: process.env.TEST_OIDC_NAME ?? "Test User",
  },
});
console.log(`issuer=${provider.issuer}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void provider.stop().then(() => process.exit(0));
  });
}
