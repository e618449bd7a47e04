// The embedded cluster's process: its control plane listens on a Unix socket in the cluster's data
// directory (like AMS's local socket), and it stops cleanly on SIGINT or SIGTERM.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ClusterOptionsError, readClusterOptions } from "./options.ts";
import { startCluster } from "./cluster.ts";
import { clusterVersion } from "./version.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    name: { type: "string", default: "default" },
  },
});

const dataDirArgument = values["data-dir"];
if (dataDirArgument === undefined) {
  console.error("usage: cluster --data-dir DIR [--name NAME]");
  process.exit(2);
}
const dataDir = resolve(dataDirArgument);
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

/** The token secret survives restarts, so tokens issued before a restart stay valid until they expire. */
function tokenSecret(): string {
  const path = join(dataDir, "token-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

let options;
try {
  options = readClusterOptions(process.env, {
    name: values.name,
    dataDir,
    version: clusterVersion,
    tokenSecret: tokenSecret(),
  });
} catch (error) {
  if (error instanceof ClusterOptionsError) {
    console.error(`cluster ${values.name}: configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}

const cluster = await startCluster(options);
console.log(`cluster ${values.name}: AMS API listening on ${cluster.socketPath}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`cluster ${values.name}: ${signal}, stopping`);
  await cluster.stop();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
