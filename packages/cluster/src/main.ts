// The embedded cluster's process: its control plane listens on a Unix socket in the cluster's data
// directory (like AMS's local socket), and it stops cleanly on SIGINT or SIGTERM.
import { mkdirSync, rmSync, chmodSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildAmsServer } from "./ams/server.ts";
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
mkdirSync(dataDir, { recursive: true });

const socketPath = join(dataDir, "ams.socket");
// A socket file left by a process that died cannot be listened on again; it holds no state.
rmSync(socketPath, { force: true });

const app = buildAmsServer({
  identity: { id: values.name, name: values.name, version: clusterVersion },
});
await app.listen({ path: socketPath });
chmodSync(socketPath, 0o600);
console.log(`cluster ${values.name}: AMS API listening on ${socketPath}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`cluster ${values.name}: ${signal}, stopping`);
  await app.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
