import { chmodSync, rmSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import type { ClusterOptions } from "./options.ts";
import type { ClusterContext } from "./context.ts";
import { openClusterDatabase } from "./store/database.ts";
import { EventHub } from "./events/event-hub.ts";
import { OperationManager } from "./operations/operation-manager.ts";
import { seedCluster } from "./seed/seed-cluster.ts";
import { buildAmsServer } from "./ams/server.ts";
import { startTlsFront, type TlsFront } from "./access/tls-front.ts";
import { startTlsSocketProxy, type TlsSocketProxy } from "./access/tls-socket-proxy.ts";
import { ensureServerCertificate } from "./access/server-certificate.ts";
import { startGateway, type RunningGateway } from "./gateway/start-gateway.ts";
import type { ServeSignaling } from "./gateway/signaling.ts";
import { serveSignaling } from "./streaming/serve-signaling.ts";
import { iceServersOf } from "./gateway/ice-servers.ts";
import { startRegistrySync } from "./registry/registry-sync.ts";

export interface RunningCluster {
  context: ClusterContext;
  app: FastifyInstance;
  socketPath: string;
  /** The TCP endpoint's port, when CLUSTER_HTTPS_ADDRESS enabled it. */
  httpsPort: number | undefined;
  /** The gateway's TCP port, when CLUSTER_GATEWAY_ADDRESS enabled it. */
  gatewayHttpsPort: number | undefined;
  /** The stream gateway, on `<dataDir>/gateway.socket`. */
  gateway: RunningGateway;
  stop(): Promise<void>;
}

/** What a cluster process is made with besides its options; tests replace parts of it. */
export interface ClusterDependencies {
  /** The media side of the stream gateway. */
  serveSignaling?: ServeSignaling;
}

/**
 * Opens the cluster's state, resolves what a previous process left unfinished, and serves the AMS
 * API on `<dataDir>/ams.socket` (mode 0600: only its owner may call it, like AMS's local socket)
 * and the stream gateway's on `<dataDir>/gateway.socket`.
 */
export async function startCluster(
  options: ClusterOptions,
  dependencies: ClusterDependencies = {},
): Promise<RunningCluster> {
  const db = await openClusterDatabase(options.dataDir, options.databaseUrl, options.name);
  const events = new EventHub();
  const operations = new OperationManager(db, events);
  const context: ClusterContext = { options, db, events, operations };
  let gateway: RunningGateway | undefined;
  try {
    await seedCluster(db, options);
    const app = await buildAmsServer(context);
    // The gateway follows instance changes from before the operations resume, so none is missed.
    gateway = await startGateway(context, {
      serveSignaling:
        dependencies.serveSignaling ??
        ((socket, screen, extra) =>
          serveSignaling(socket, screen, { ...extra, stunServers: iceServersOf(options) })),
    });
    await operations.recover();

    const socketPath = join(options.dataDir, "ams.socket");
    // A socket file left by a process that died cannot be listened on again; it holds no state.
    rmSync(socketPath, { force: true });
    await app.listen({ path: socketPath });
    chmodSync(socketPath, 0o600);

    let tlsFront: TlsFront | undefined;
    if (options.httpsAddress) {
      tlsFront = await startTlsFront({
        ...options.httpsAddress,
        dataDir: options.dataDir,
        clusterName: options.name,
        socketPath,
        db,
      });
    }
    let gatewayFront: TlsSocketProxy | undefined;
    if (options.gatewayAddress) {
      gatewayFront = await startTlsSocketProxy({
        ...options.gatewayAddress,
        // One identity for the cluster: whoever pinned its AMS certificate knows its gateway.
        identity: ensureServerCertificate(options.dataDir, `ams-${options.name}`),
        requestClientCertificate: false,
        socketPath: gateway.socketPath,
        // The gateway checks its tokens itself: service accounts for its API, join tokens for
        // the signaling sockets.
        decide: () => Promise.resolve({ forward: true }),
      });
      gateway.services.publicOrigin = `https://${hostForUrl(options.gatewayAddress.host)}:${String(gatewayFront.port)}`;
    }
    // Last: its rounds start operations, which need every kind registered and the API up.
    const registrySync = startRegistrySync(context);

    return {
      context,
      app,
      socketPath,
      httpsPort: tlsFront?.port,
      gatewayHttpsPort: gatewayFront?.port,
      gateway,
      stop: async () => {
        await registrySync.stop();
        await tlsFront?.close();
        await gatewayFront?.close();
        await app.close();
        await gateway?.close();
        await operations.stop();
        await db.destroy();
      },
    };
  } catch (error) {
    await gateway?.close();
    await operations.stop();
    await db.destroy();
    throw error;
  }
}

/**
 * A listening host as clients reach it, as it goes into a URL: the machine's name for "every
 * address" (0.0.0.0, ::), an IPv6 address in brackets.
 */
function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "::") return hostname();
  return host.includes(":") ? `[${host}]` : host;
}
