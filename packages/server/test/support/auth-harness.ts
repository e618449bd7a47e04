// A dashboard signed in through an external OpenID provider (the test double), on a temporary data
// directory, SQLite or (with TEST_POSTGRES_URL) a PostgreSQL database of its own, and a real
// embedded cluster.
import { createServer } from "node:net";
import { readConfig } from "../../src/config.ts";
import { startDashboard, type RunningDashboard } from "../../src/main.ts";
import { openDatabase, type Database } from "../../src/store/database.ts";
import { createUser, type UserRow } from "../../src/store/users.ts";
import { sessionCookieName } from "../../src/auth/session-cookie.ts";
import { addGroupMembers } from "../../src/store/group-members.ts";
import {
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from "./test-oidc-provider.ts";
import { TestBrowser, type Hop } from "./test-browser.ts";
import { prepareTestEnvironment } from "./test-environment.ts";

export interface AuthHarness {
  url: string;
  dataDir: string;
  db: Database;
  provider: TestOidcProvider;
  dashboard: RunningDashboard;
  stop(): Promise<void>;
}

export const clientId = "dashboard-test-client";
const clientSecret = "test-client-secret-not-for-production";

export async function startAuthHarness(
  account: TestOidcAccount,
  env: Record<string, string> = {},
): Promise<AuthHarness> {
  const environment = await prepareTestEnvironment("auth-test");
  const { dataDir, webDistDir, databaseUrl } = environment;

  // The provider must know the dashboard's redirect URI before the dashboard starts.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = await startTestOidcProvider({
    clientId,
    clientSecret,
    redirectUris: [`${url}/api/oidc/callback`],
    postLogoutRedirectUris: [`${url}/login`],
    account,
  });
  const config = readConfig(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST_DIR: webDistDir,
      DATABASE_URL: databaseUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      ...env,
    },
    "/nonexistent-repository-root",
  );
  const dashboard = await startDashboard(config);
  const db = await openDatabase({ dataDir, databaseUrl });
  return {
    url,
    dataDir,
    db,
    provider,
    dashboard,
    async stop() {
      await db.destroy();
      await dashboard.stop();
      await provider.stop();
      await environment.cleanup();
    },
  };
}

/**
 * A dashboard account for the provider's account, in `groups`: `admin` unless told, as most tests
 * act as an operator.
 */
export async function addUser(
  harness: AuthHarness,
  account: TestOidcAccount,
  groups: readonly string[] = ["admin"],
): Promise<UserRow> {
  const user = await createUser(harness.db, {
    email: account.email,
    fullname: account.name,
    issuer: harness.provider.issuer,
    subject: account.sub,
  });
  for (const group of groups) await addGroupMembers(harness.db, group, [user.id]);
  return user;
}

/** Signs in through the provider from `/api/login?<query>`; returns the hops and the browser. */
export async function signIn(
  harness: AuthHarness,
  query = "next=/",
  browser = new TestBrowser(),
): Promise<{ browser: TestBrowser; hops: Hop[]; landedOn: string; session: string | undefined }> {
  const hops = await browser.navigate(`${harness.url}/api/login?${query}`);
  const last = hops[hops.length - 1];
  const landedOn = last ? last.url.replace(harness.url, "") : "";
  return { browser, hops, landedOn, session: browser.cookie(harness.url, sessionCookieName) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => {
        resolve(port);
      });
    });
  });
}
