import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { DeploymentVariant } from "@anbox-dashboard/contract";
import type { ServerConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase, type Database } from "./store/database.ts";
import { countUsers } from "./store/users.ts";
import { startEmbeddedCluster, type EmbeddedCluster } from "./clusters/embedded-cluster.ts";
import { identityProviderSettings } from "./auth/identity-provider.ts";
import { FailureRateLimiter } from "./auth/rate-limiter.ts";
import type { AuthContext } from "./auth/auth-context.ts";

export interface RunningDashboard {
  url: string;
  app: FastifyInstance;
  /** True while nobody can sign in yet: the first account is still to be registered. */
  needsFirstAccount: boolean;
  stop(): Promise<void>;
}

/** What a running dashboard tells the command line (bin/dashboard register) about itself. */
export interface RuntimeFile {
  publicUrl: string;
  /** How the running dashboard was installed: the register command follows it. */
  variant: DeploymentVariant;
  pid: number;
  startedAt: string;
}

export const runtimeFileName = "dashboard.json";

/** Starts the database, the embedded clusters and the HTTP server; `stop()` ends them in reverse. */
export async function startDashboard(config: ServerConfig): Promise<RunningDashboard> {
  const db: Database = await openDatabase(config);
  const clusters: EmbeddedCluster[] = [];
  try {
    for (const id of config.embeddedClusters) {
      clusters.push(await startEmbeddedCluster(id, config.dataDir));
    }
    // The public address must be known before the routes are built (the embedded identity
    // provider's issuer, redirect URIs): a port of 0 is resolved to a free one first.
    const port = config.port === 0 ? await findFreePort(config.host) : config.port;
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    const listenUrl = `http://${host}:${port}`;
    const publicUrl = config.publicUrl ?? listenUrl;
    const context: AuthContext = {
      config,
      db,
      publicUrl,
      secureCookies: publicUrl.startsWith("https:"),
      idp: identityProviderSettings(config, publicUrl),
      clusters,
      signInLimiter: {
        perAccount: new FailureRateLimiter(5, 15 * 60_000),
        perAddress: new FailureRateLimiter(20, 15 * 60_000),
      },
    };
    const app = await buildApp({ context });
    await app.listen({ host: config.host, port });
    const runtime: RuntimeFile = {
      publicUrl,
      variant: config.variant,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    };
    writeFileSync(join(config.dataDir, runtimeFileName), `${JSON.stringify(runtime, null, 2)}\n`);
    return {
      url: listenUrl,
      app,
      needsFirstAccount: (await countUsers(db)) === 0,
      stop: async () => {
        await app.close();
        await Promise.all(clusters.map((cluster) => cluster.stop()));
        await db.destroy();
      },
    };
  } catch (error) {
    await Promise.all(clusters.map((cluster) => cluster.stop()));
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
