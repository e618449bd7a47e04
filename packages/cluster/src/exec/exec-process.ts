import { spawn as spawnChild } from "node:child_process";
import { createRequire } from "node:module";
import { constants as osConstants } from "node:os";
import type * as NodePty from "node-pty";
import { signalSandboxedCommand } from "./process-tree.ts";
import { bwrapPath } from "./sandbox.ts";

// node-pty is a CommonJS addon; load it the way Node resolves it from this package.
const pty = createRequire(import.meta.url)("node-pty") as typeof NodePty;

/** A running sandboxed command, with or without a terminal. */
export interface ExecProcess {
  /** Output: `1` (the terminal, or stdout) or `2` (stderr). */
  onOutput(listener: (stream: 1 | 2, data: Buffer) => void): void;
  write(data: Buffer): void;
  /** End of input (non-interactive; a terminal has no such thing). */
  closeInput(): void;
  resize(columns: number, rows: number): void;
  /** Sends a signal to the command inside the sandbox. */
  signal(signal: number): void;
  /** Ends the whole sandbox at once. */
  kill(): void;
  /** Stop reading output while a client catches up, and resume. */
  pause(): void;
  resume(): void;
  /** The exit code; 128 + N when a signal N ended it (as shells report it). */
  readonly exited: Promise<number>;
}

function exitCodeOf(code: number | null, signal: number | null | undefined): number {
  if (signal !== null && signal !== undefined && signal > 0) return 128 + signal;
  return code ?? 1;
}

function sendSignal(pid: number, signal: number): void {
  void signalSandboxedCommand(pid, signal);
}

export function spawnTerminal(args: string[], columns: number, rows: number): ExecProcess {
  const child = pty.spawn(bwrapPath, args, {
    name: "xterm-256color",
    cols: columns,
    rows: rows,
    // bwrap clears the environment itself (--clearenv); give it only what it needs to start.
    env: { PATH: "/usr/bin:/bin" },
    // Raw bytes, so that a UTF-8 character split across reads is not garbled.
    encoding: null,
  });
  const listeners: ((stream: 1 | 2, data: Buffer) => void)[] = [];
  child.onData((data: string | Buffer) => {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    for (const listener of listeners) listener(1, bytes);
  });
  // Once bwrap has exited and been reaped, its pid may be given to any other process: signal it
  // only while it runs.
  let running = true;
  const exited = new Promise<number>((resolve) => {
    child.onExit(({ exitCode, signal }) => {
      running = false;
      resolve(exitCodeOf(exitCode, signal));
    });
  });
  return {
    onOutput: (listener) => listeners.push(listener),
    write: (data) => {
      child.write(data);
    },
    closeInput: () => undefined,
    resize: (c, r) => {
      child.resize(c, r);
    },
    signal: (signal) => {
      if (running) sendSignal(child.pid, signal);
    },
    // Killing bwrap is enough: --die-with-parent takes the whole sandbox with it.
    kill: () => {
      if (!running) return;
      try {
        process.kill(child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    },
    pause: () => {
      child.pause();
    },
    resume: () => {
      child.resume();
    },
    exited,
  };
}

export function spawnPiped(args: string[]): ExecProcess {
  const child = spawnChild(bwrapPath, args, {
    env: { PATH: "/usr/bin:/bin" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const listeners: ((stream: 1 | 2, data: Buffer) => void)[] = [];
  child.stdout.on("data", (data: Buffer) => {
    for (const listener of listeners) listener(1, data);
  });
  child.stderr.on("data", (data: Buffer) => {
    for (const listener of listeners) listener(2, data);
  });
  // A client that stops reading must not crash the cluster with EPIPE.
  child.stdin.on("error", () => undefined);
  const exited = new Promise<number>((resolve) => {
    child.once("close", (code, signal) => {
      resolve(exitCodeOf(code, signal === null ? null : signalNumber(signal)));
    });
    child.once("error", () => {
      resolve(127);
    });
  });
  return {
    onOutput: (listener) => listeners.push(listener),
    write: (data) => child.stdin.write(data),
    closeInput: () => child.stdin.end(),
    resize: () => undefined,
    signal: (signal) => {
      // As above: never a pid that may already be another process's.
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        sendSignal(child.pid, signal);
      }
    },
    kill: () => child.kill("SIGKILL"),
    pause: () => {
      child.stdout.pause();
      child.stderr.pause();
    },
    resume: () => {
      child.stdout.resume();
      child.stderr.resume();
    },
    exited,
  };
}

function signalNumber(signal: NodeJS.Signals): number {
  return osConstants.signals[signal];
}
