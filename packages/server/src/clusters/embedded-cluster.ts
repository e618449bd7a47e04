import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { AmsClient } from "./ams-client.ts";
import { GatewayClient } from "./gateway-client.ts";
import { askServiceStatus } from "../ams/service.ts";

export interface EmbeddedCluster {
  id: string;
  client: AmsClient;
  gateway: GatewayClient;
  stop(): Promise<void>;
}

const readyTimeoutMs = 20_000;
const restartDelayMs = 1_000;

/**
 * Runs one embedded cluster as a child process (the server never imports cluster code: it talks to
 * the cluster over its AMS socket, as to a real AMS). Resolves once `GET /1.0` answers; restarts the
 * process if it dies while the server runs.
 */
export async function startEmbeddedCluster(id: string, dataDir: string): Promise<EmbeddedCluster> {
  const clusterDir = join(dataDir, "clusters", id);
  const client = new AmsClient(join(clusterDir, "ams.socket"));
  // The cluster writes its gateway's service-account token next to the socket, for this server.
  const gateway = new GatewayClient(
    join(clusterDir, "gateway.socket"),
    join(clusterDir, "gateway-token"),
  );
  const entry = fileURLToPath(import.meta.resolve("@anbox-dashboard/cluster/main"));
  let stopping = false;

  const launch = (): ChildProcess => {
    // `--expose-gc`: the cluster frees the chunks of an upload as it writes them (http-kit release-dead-buffers.ts).
    const args = ["--expose-gc", entry, "--data-dir", clusterDir, "--name", id];
    // Its standard input is a pipe this process holds: should this process be killed, the pipe
    // closes and the cluster stops (`--exit-with-parent`) rather than outlive it.
    const started = spawn(process.execPath, [...args, "--exit-with-parent"], {
      stdio: ["pipe", "inherit", "inherit"],
    });
    started.on("exit", (code, signal) => {
      if (stopping || child !== started) return;
      console.error(
        `cluster ${id} exited (${signal ?? `code ${code ?? "?"}`}); restarting in ${restartDelayMs} ms`,
      );
      setTimeout(() => {
        if (!stopping) child = launch();
      }, restartDelayMs);
    });
    return started;
  };

  let child = launch();
  try {
    await waitUntilReady(id, client, () => child.exitCode);
  } catch (error) {
    stopping = true;
    child.kill("SIGTERM");
    throw error;
  }

  return {
    id,
    client,
    gateway,
    stop: async () => {
      stopping = true;
      const running = child;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitUntilReady(
  id: string,
  client: AmsClient,
  exitCode: () => number | null,
): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const code = exitCode();
    if (code !== null) throw new Error(`cluster ${id} exited with code ${code} while starting`);
    try {
      await askServiceStatus(client);
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`cluster ${id} did not answer within ${readyTimeoutMs} ms: ${reason}`, {
          cause: error,
        });
      }
      await sleep(50);
    }
  }
}
