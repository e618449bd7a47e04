import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { resolve } from "node:path";
import { repositoryRoot } from "./product.ts";

/**
 * The process id of an embedded cluster of a running dashboard, found by its command line
 * (`--data-dir <DATA_DIR>/clusters/<id>`, relative to its working directory), as an operator would
 * find it with `ps`. `dataDir` is relative to the repository, as the tests' dashboards are given it.
 */
export function findClusterProcess(dataDir: string, clusterId: string): number {
  const clusterDir = resolve(repositoryRoot, dataDir, "clusters", clusterId);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const dataDirIndex = commandLine.indexOf("--data-dir");
      const given = commandLine[dataDirIndex + 1];
      if (dataDirIndex < 0 || given === undefined) continue;
      if (resolve(readlinkSync(`/proc/${entry}/cwd`), given) === clusterDir) return Number(entry);
    } catch {
      // The process ended meanwhile, or is not ours to inspect.
    }
  }
  throw new Error(`no running process of cluster ${clusterId} in ${clusterDir}`);
}

/**
 * Stops an embedded cluster's process where it stands (SIGSTOP): it holds its socket but answers
 * nothing, as a hung cluster would. Returns the function that lets it go on (SIGCONT).
 */
export function pauseCluster(dataDir: string, clusterId: string): () => void {
  const pid = findClusterProcess(dataDir, clusterId);
  process.kill(pid, "SIGSTOP");
  return () => {
    process.kill(pid, "SIGCONT");
  };
}
