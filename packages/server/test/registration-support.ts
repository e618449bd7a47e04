// A dashboard app for the registration tests, without clusters (or with stand-ins): the real
// routes over a temporary SQLite database, reached with `app.inject` (no port).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";
import type { ServerContext } from "../src/server-context.ts";
import type { ClusterHandle } from "../src/clusters/cluster-handle.ts";
import {
  embeddedIdpClientSecret,
  identityProviderSettings,
} from "../src/auth/identity-provider.ts";
import { SessionWatch } from "../src/auth/session-watch.ts";
import { JoinGrants } from "../src/streaming/join-grants.ts";
import { DatabaseFailureStore } from "../src/auth/rate-limits/database-failure-store.ts";
import { FailureRateLimiter } from "../src/auth/rate-limits/failure-rate-limiter.ts";
import { createRateLimits, lookupMisses } from "../src/auth/rate-limits/rate-limits.ts";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/store/database.ts";

export const testPublicUrl = "http://dashboard.test";

export interface TestApp {
  app: FastifyInstance;
  context: ServerContext;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  limiterMaxFailures = lookupMisses.maxFailures,
  /** None by default; a test of how cluster failures are answered gives stand-ins. */
  clusters: readonly ClusterHandle[] = [],
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "dashboard-registration-test-"));
  const webDistDir = join(dataDir, "web");
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, "index.html"), "<!doctype html><title>spa</title>");
  const config = readConfig(
    { DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir, PUBLIC_URL: testPublicUrl, ...env },
    "/nonexistent-repository-root",
  );
  const db = await openDatabase(config);
  const context: ServerContext = {
    config,
    db,
    publicUrl: testPublicUrl,
    secureCookies: false,
    idp: identityProviderSettings(
      config,
      testPublicUrl,
      await embeddedIdpClientSecret(db, config.dataDir),
    ),
    clusters,
    sessionWatch: new SessionWatch(db),
    joinGrants: new JoinGrants(db),
    rateLimits: {
      ...createRateLimits(db),
      registration: new FailureRateLimiter(
        new DatabaseFailureStore(db),
        "registration",
        limiterMaxFailures,
        lookupMisses.windowMs,
      ),
    },
  };
  const app = await buildApp({ context });
  return {
    app,
    context,
    close: async () => {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of a same-origin call from the dashboard's own page (what the CSRF check expects). */
export const sameOrigin = { origin: testPublicUrl, "sec-fetch-site": "same-origin" };
