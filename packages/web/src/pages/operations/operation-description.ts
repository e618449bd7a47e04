import type { ClusterOperation } from "../../api/operations.ts";
import { execExitCode, isInteractiveShell } from "../../util/interactive-shell.ts";

type Described = Pick<ClusterOperation, "class" | "description" | "status" | "metadata">;

/**
 * What the Operation column says. The cluster names every exec "Executing command" (as LXD and
 * AMS do), also once it has ended; a terminal's shell is said to be one, open or ended, and an
 * ended command says how it ended.
 */
export function describeOperation(operation: Described): string {
  const exitCode = execExitCode(operation);
  const ended = exitCode === undefined ? "" : `, exit code ${String(exitCode)}`;
  if (isInteractiveShell(operation)) {
    return operation.status === "Running"
      ? "Terminal session, open"
      : `Terminal session, ended${ended}`;
  }
  if (operation.class === "websocket" && operation.status !== "Running" && exitCode !== undefined) {
    return `${operation.description}: ended${ended}`;
  }
  return operation.description;
}
