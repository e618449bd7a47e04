import { createServer } from "node:net";
import { startAuditRetention } from "./audit/audit-retention.ts";
import { startSessionExpiryAudit } from "./audit/session-expiry-audit.ts";
import { startLapsedViewsSweep } from "./quotas/lapsed-views.ts";
import type { PeriodicTask } from "./audit/periodic-task.ts";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase, type Database } from "./store/database.ts";
import { countUsers } from "./store/users.ts";
import { ClusterSet } from "./clusters/cluster-set.ts";
import { embeddedIdpClientSecret, identityProviderSettings } from "./auth/identity-provider.ts";
import { createRateLimits } from "./auth/rate-limits/rate-limits.ts";
import type { ServerContext } from "./server-context.ts";
import { SessionWatch } from "./auth/session-watch.ts";
import { JoinGrants } from "./streaming/join-grants.ts";
import { writeRuntimeFile, type RuntimeFile } from "./cli/runtime-file.ts";
import { securePrivateDataDirectory } from "./store/data-directory.ts";
import { serverLoggerOptions, type LogStream } from "./logging/server-logger.ts";

export { runtimeFileName, type RuntimeFile } from "./cli/runtime-file.ts";

export interface RunningDashboard {
  url: string;
  app: FastifyInstance;
  /** True while nobody can sign in yet: the first account is still to be registered. */
  needsFirstAccount: boolean;
  stop(): Promise<void>;
}

export interface DashboardOptions {
  /**
   * Where the server logs, at `config.logLevel`: the command line gives stderr. Without it the
   * server logs nothing, as the tests want unless they ask.
   */
  logStream?: LogStream;
}

/**
 * Starts the database, the embedded clusters (and the clients of the remote ones) and the HTTP
 * server; `stop()` ends them in reverse.
 */
export async function startDashboard(
  config: ServerConfig,
  { logStream }: DashboardOptions = {},
): Promise<RunningDashboard> {
  // Before anything opens or writes there: an older install may have left it readable.
  securePrivateDataDirectory(config.dataDir);
  const db: Database = await openDatabase(config);
  const warn = (message: string) => {
    console.warn(message);
  };
  const clusters = new ClusterSet({
    file: config.clustersFile,
    dataDir: config.dataDir,
    embeddedIds: config.embeddedClusters,
    warn,
  });
  // The audit trail's background work: old entries removed, expired sessions recorded.
  const housekeeping: PeriodicTask[] = [];
  const stopHousekeeping = () => Promise.all(housekeeping.map((task) => task.stop()));
  try {
    await clusters.start();
    // The public address must be known before the routes are built (the embedded identity
    // provider's issuer, redirect URIs): a port of 0 is resolved to a free one first.
    const port = config.port === 0 ? await findFreePort(config.host) : config.port;
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    const listenUrl = `http://${host}:${port}`;
    const publicUrl = config.publicUrl ?? listenUrl;
    const context: ServerContext = {
      config,
      db,
      publicUrl,
      secureCookies: publicUrl.startsWith("https:"),
      idp: identityProviderSettings(
        config,
        publicUrl,
        await embeddedIdpClientSecret(db, config.dataDir),
      ),
      get clusters() {
        return clusters.current;
      },
      rateLimits: createRateLimits(db),
      sessionWatch: new SessionWatch(db),
      joinGrants: new JoinGrants(db),
    };
    housekeeping.push(
      startAuditRetention(db, config.auditRetentionDays, warn),
      startSessionExpiryAudit(db, warn),
      startLapsedViewsSweep(context, warn),
    );
    const app = await buildApp({
      context,
      logger: logStream === undefined ? false : serverLoggerOptions(config.logLevel, logStream),
    });
    await app.listen({ host: config.host, port });
    const runtime: RuntimeFile = {
      publicUrl,
      variant: config.variant,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    };
    writeRuntimeFile(config.dataDir, runtime);
    return {
      url: listenUrl,
      app,
      needsFirstAccount: (await countUsers(db)) === 0,
      stop: async () => {
        await app.close();
        context.sessionWatch.stop();
        await stopHousekeeping();
        await clusters.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await stopHousekeeping();
    await clusters.stop();
    await db.destroy();
    throw error;
  }
}

function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}
