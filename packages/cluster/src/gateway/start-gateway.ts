import { chmodSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { ClusterContext } from "../context.ts";
import type { GatewayServices } from "./gateway-services.ts";
import type { ServeSignaling } from "./signaling.ts";
import { JoinTokens } from "./join-tokens.ts";
import { SessionStreams } from "./session-streams.ts";
import { SessionTracker } from "./session-tracker.ts";
import { ensureDashboardToken } from "./dashboard-token.ts";
import { endIfEphemeral } from "./ephemeral-sessions.ts";
import { watchIdleSessions, type IdleWatchOptions } from "./idle-sessions.ts";
import { buildGatewayServer } from "./server.ts";

export const gatewaySocketName = "gateway.socket";

export interface GatewayOptions {
  /** The media side: takes a signaling socket and streams the instance's screen. */
  serveSignaling: ServeSignaling;
  /** Where to listen; `<dataDir>/gateway.socket` by default. */
  socketPath?: string;
  /** How idle sessions are watched (tests shorten the minute). */
  idleWatch?: IdleWatchOptions;
}

export interface RunningGateway {
  app: FastifyInstance;
  socketPath: string;
  services: GatewayServices;
  /** Stops listening, ends every stream and stops following instances. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts the stream gateway of a cluster: it follows instance changes (before the cluster resumes
 * its operations, so that none is missed), makes sure the dashboard's token works, and serves its
 * API on a Unix socket of mode 0600 (like ams.socket: only its owner may call it).
 */
export async function startGateway(
  context: ClusterContext,
  options: GatewayOptions,
): Promise<RunningGateway> {
  // The services hold the streams; the streams call back (later) with the services.
  const streams = new SessionStreams(options.serveSignaling, (sessionId) => {
    endIfEphemeral(services, sessionId).catch((error: unknown) => {
      console.warn(`stream gateway: ending ephemeral session ${sessionId}:`, error);
    });
  });
  const tracker = new SessionTracker(context, streams);
  const services: GatewayServices = { context, joinTokens: new JoinTokens(), streams, tracker };
  await tracker.start();
  try {
    await ensureDashboardToken(context.db, context.options.dataDir);
    const app = await buildGatewayServer(services);
    const socketPath = options.socketPath ?? join(context.options.dataDir, gatewaySocketName);
    // A socket file left by a process that died cannot be listened on again; it holds no state.
    rmSync(socketPath, { force: true });
    await app.listen({ path: socketPath });
    chmodSync(socketPath, 0o600);
    const stopIdleWatch = watchIdleSessions(services, options.idleWatch);

    let closing: Promise<void> | undefined;
    return {
      app,
      socketPath,
      services,
      close: () => {
        closing ??= (async () => {
          stopIdleWatch();
          await app.close();
          await streams.endAll();
          await tracker.stop();
        })();
        return closing;
      },
    };
  } catch (error) {
    await tracker.stop();
    throw error;
  }
}
