import { readdirSync, readFileSync } from "node:fs";

/**
 * The process id of an embedded cluster of a running dashboard, found by its command line
 * (`--data-dir <DATA_DIR>/clusters/<id>`), as an operator would find it with `ps`.
 */
export function findClusterProcess(dataDir: string, clusterId: string): number {
  const clusterDir = `${dataDir.replace(/\/$/, "")}/clusters/${clusterId}`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let commandLine: string[];
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // ended meanwhile
    }
    const dataDirIndex = commandLine.indexOf("--data-dir");
    if (dataDirIndex >= 0 && commandLine[dataDirIndex + 1]?.endsWith(clusterDir)) {
      return Number(entry);
    }
  }
  throw new Error(`no running process of cluster ${clusterId} under ${dataDir}`);
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
