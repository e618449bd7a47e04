import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase, type Database } from "./store/database.ts";
import { startEmbeddedCluster, type EmbeddedCluster } from "./clusters/embedded-cluster.ts";

export interface RunningDashboard {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

/** Starts the database, the embedded clusters and the HTTP server; `stop()` ends them in reverse. */
export async function startDashboard(config: ServerConfig): Promise<RunningDashboard> {
  const db: Database = await openDatabase(config);
  const clusters: EmbeddedCluster[] = [];
  try {
    for (const id of config.embeddedClusters) {
      clusters.push(await startEmbeddedCluster(id, config.dataDir));
    }
    const app = await buildApp({ config, db, clusterIds: clusters.map((cluster) => cluster.id) });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : config.port;
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    return {
      url: `http://${host}:${port}`,
      app,
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
