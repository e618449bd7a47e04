// Runs one embedded cluster process until SIGINT or SIGTERM (or, started so, until its parent is gone): its control plane on a Unix socket in
// its data directory (like AMS's local socket), and over TLS when its options say where.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { ClusterOptionsError, readClusterOptions } from "./options.ts";
import { startCluster, type RunningCluster } from "./cluster.ts";
import { clusterVersion } from "./version.ts";

/** The token secret survives restarts, so tokens issued before a restart stay valid until they expire. */
function tokenSecret(dataDir: string): string {
  const path = join(dataDir, "token-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

/**
 * Starts the cluster of `dataDir` with the settings of `env` (CLUSTER_*) and stops it cleanly on
 * a signal. A configuration error is printed and exits with 2.
 */
export async function runCluster(
  dataDir: string,
  name: string,
  env: Record<string, string | undefined>,
  { exitWithParent = false }: { exitWithParent?: boolean } = {},
): Promise<RunningCluster> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let options;
  try {
    options = readClusterOptions(env, {
      name,
      dataDir,
      version: clusterVersion,
      tokenSecret: tokenSecret(dataDir),
    });
  } catch (error) {
    if (error instanceof ClusterOptionsError) {
      console.error(`cluster ${name}: configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  const cluster = await startCluster(options);
  console.log(`cluster ${name}: AMS API listening on ${cluster.socketPath}`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`cluster ${name}: ${signal}, stopping`);
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  if (exitWithParent) {
    // The parent keeps this pipe open for as long as it lives; its end means the parent is gone.
    process.stdin.on("end", () => void stop("its dashboard is gone"));
    process.stdin.resume();
  }
  return cluster;
}
