import type { ClusterOperation } from "@anbox-dashboard/contract";

type OperationFacts = Pick<ClusterOperation, "class" | "metadata">;

/** The exec operation's metadata: its fds' names and, once it has ended, the exit code. */
function execMetadata(operation: OperationFacts): { fds: string[]; exitCode?: number } | undefined {
  if (operation.class !== "websocket") return undefined;
  const metadata = operation.metadata;
  if (typeof metadata !== "object" || metadata === null || !("fds" in metadata)) return undefined;
  const fds = metadata.fds;
  if (typeof fds !== "object" || fds === null) return undefined;
  const exitCode = "return" in metadata ? metadata.return : undefined;
  return {
    fds: Object.keys(fds),
    ...(typeof exitCode === "number" ? { exitCode } : {}),
  };
}

/**
 * Whether an operation is an interactive shell (a terminal): an exec, class `websocket`, whose fds
 * are a terminal and its control channel only. A command run without a terminal has `1` and `2`
 * as well (LXD's exec protocol, which AMS and the embedded cluster keep). A shell runs for as long
 * as someone keeps its terminal open: it is not work in progress.
 */
export function isInteractiveShell(operation: OperationFacts): boolean {
  const exec = execMetadata(operation);
  return exec !== undefined && exec.fds.includes("0") && !exec.fds.includes("1");
}

/** The exit code an ended exec operation reports, if any. */
export function execExitCode(operation: OperationFacts): number | undefined {
  return execMetadata(operation)?.exitCode;
}
