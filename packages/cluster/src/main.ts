// The embedded cluster's process, as the dashboard starts it: `--data-dir DIR [--name NAME]
// [--exit-with-parent]`, settings from the environment (CLUSTER_*). `bin/cluster serve` runs one
// on its own.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCluster } from "./run-cluster.ts";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    name: { type: "string", default: "default" },
    // The dashboard holds the cluster's standard input open: once it closes, the dashboard is gone
    // (even killed, when it could not stop it), and the cluster stops too instead of living on.
    "exit-with-parent": { type: "boolean", default: false },
  },
});

const dataDirArgument = values["data-dir"];
if (dataDirArgument === undefined) {
  console.error("usage: cluster --data-dir DIR [--name NAME] [--exit-with-parent]");
  process.exit(2);
}
await runCluster(resolve(dataDirArgument), values.name, process.env, {
  exitWithParent: values["exit-with-parent"],
});
