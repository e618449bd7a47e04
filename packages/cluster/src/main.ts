// The embedded cluster's process, as the dashboard starts it: `--data-dir DIR [--name NAME]`,
// settings from the environment (CLUSTER_*). `bin/cluster serve` runs one on its own.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCluster } from "./run-cluster.ts";

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
await runCluster(resolve(dataDirArgument), values.name, process.env);
