// Shared by the embedded identity provider's tests: a real dashboard on a temporary data dir
// (SQLite, or a PostgreSQL database of its own when TEST_POSTGRES_URL is set), and a minimal
// browser that keeps cookies and follows redirects by hand.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@anbox-dashboard/db";
import { readConfig } from "../src/config.ts";
import { startDashboard, type RunningDashboard } from "../src/main.ts";
import { openDatabase, type Database } from "../src/store/database.ts";
import { prepareTestEnvironment } from "./support/test-environment.ts";

export interface TestDashboard {
  dataDir: string;
  dashboard: RunningDashboard;
  db: Database;
  /** Starts again on the same data directory, database and port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestDashboard(env: Record<string, string> = {}): Promise<TestDashboard> {
  const environment = await prepareTestEnvironment("idp-test");
  const { dataDir, webDistDir, databaseUrl } = environment;
  const start = (port: string) =>
    startDashboard(
      readConfig(
        {
          ...env,
          DATA_DIR: dataDir,
          PORT: port,
          WEB_DIST_DIR: webDistDir,
          DATABASE_URL: databaseUrl,
        },
        "/nonexistent-repository-root",
      ),
    );
  const running: TestDashboard = {
    dataDir,
    dashboard: await start("0"),
    db: await openDatabase({ dataDir, databaseUrl }),
    async restart() {
      const port = new URL(running.dashboard.url).port;
      await running.dashboard.stop();
      running.dashboard = await start(port);
    },
    async close() {
      await running.db.destroy();
      await running.dashboard.stop();
      await environment.cleanup();
    },
  };
  return running;
}

/** Cookies by name (paths and expiry ignored: the tests stay on one host). */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves `base` (returned, unfollowed) or a page answers. */
  async follow(url: string, stopAt: string): Promise<Response> {
    let response = await this.request(url);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || location === null) return response;
      const next = new URL(location, response.url || url).href;
      if (next.startsWith(stopAt)) return response;
      response = await this.request(next);
    }
    throw new Error("too many redirects");
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** An authorization request of the dashboard (its client id and redirect URI), with PKCE. */
export function authorizationRequest(
  baseUrl: string,
  clientId: string,
  extra: Record<string, string> = {},
): AuthorizationRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString("hex");
  const nonce = randomBytes(8).toString("hex");
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: `${baseUrl}/api/oidc/callback`,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  });
  return { url: `${baseUrl}/oidc/auth?${params.toString()}`, state, nonce, verifier };
}

/** The form's action on a sign-in page. */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no sign-in form on the page");
  return match[1].replaceAll("&amp;", "&");
}

export function postForm(
  browser: Browser,
  url: string,
  fields: Record<string, string>,
  origin: string,
): Promise<Response> {
  return browser.request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Just the migrated database (SQLite in a temp dir, or PostgreSQL when TEST_POSTGRES_URL is set). */
export async function openTestDatabase(): Promise<{ db: Database; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "dashboard-idp-db-test-"));
  const adminUrl = process.env.TEST_POSTGRES_URL;
  const postgres = adminUrl === undefined ? undefined : await createTestDatabase(adminUrl);
  const db = await openDatabase({ dataDir, databaseUrl: postgres?.url });
  return {
    db,
    close: async () => {
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
