import { readFileSync } from "node:fs";

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter((part) => part !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** How long a signal waits for the command to appear (bwrap is still setting up the sandbox). */
const appearTimeoutMs = 2000;
const pollMs = 10;

/**
 * Sends a signal to the command bwrap runs: bwrap (`bwrapPid`) forks an init for the new PID
 * namespace, which forks the command. Signalling bwrap instead would only kill it (and the whole
 * sandbox with it), and the namespace's init ignores signals it has no handler for. A signal that
 * comes while the sandbox is still being set up waits for the command to exist.
 */
export async function signalSandboxedCommand(bwrapPid: number, signal: number): Promise<void> {
  const deadline = Date.now() + appearTimeoutMs;
  for (;;) {
    const [init] = childrenOf(bwrapPid);
    const [command] = init === undefined ? [] : childrenOf(init);
    if (command !== undefined) {
      kill(command, signal);
      return;
    }
    if (Date.now() > deadline || !alive(bwrapPid)) {
      // No command to be found: end the sandbox rather than drop the signal silently.
      kill(bwrapPid, signal);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function kill(pid: number, signal: number): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone: its exit is on its way.
  }
}
