import { randomBytes, timingSafeEqual } from "node:crypto";
import type { RawData, WebSocket } from "ws";
import { OperationError } from "../operations/operation-manager.ts";
import { parseControlMessage } from "./control-message.ts";
import { spawnPiped, spawnTerminal, type ExecProcess } from "./exec-process.ts";
import { sandboxArguments, type SandboxSpec } from "./sandbox.ts";

/** What a session needs of a `ws` socket (typed by shape: @fastify/websocket hands over its own). */
export type ExecWebSocket = Pick<
  WebSocket,
  "readyState" | "OPEN" | "bufferedAmount" | "send" | "close" | "terminate" | "on"
>;

export interface ExecSessionSpec {
  instanceId: string;
  sandbox: SandboxSpec;
  width: number;
  height: number;
}

/** How long clients have to connect every fd's websocket before the command is given up. */
export const connectTimeoutMs = 60_000;
/** How long a hung-up command has to end before it is killed. */
export const hangUpGraceMs = 2000;
/** SIGHUP: what a terminal that closes sends the shell in it. */
const hangUpSignal = 1;
/** Output is paused while a client has this much unsent, so a slow reader cannot fill memory. */
const highWaterBytes = 1024 * 1024;
const drainPollMs = 20;

/**
 * One exec: a secret per fd, the websockets clients attach with them, and the sandboxed command.
 * As in LXD, the command starts once every fd is connected (nothing is lost before), its output
 * goes to fd "0" (terminal) or "1"/"2", and the operation ends with its exit code.
 */
export class ExecSession {
  readonly spec: ExecSessionSpec;
  /** fd name → secret, as the operation's `metadata.fds` shows them. */
  readonly fds: Record<string, string>;
  private readonly sockets = new Map<string, ExecWebSocket>();
  private process: ExecProcess | undefined;
  private finished = false;
  /** Hung up already: the terminal's two sockets close together, one hang-up is meant. */
  private hungUp = false;
  private allConnected: () => void = () => undefined;
  private readonly connected = new Promise<void>((resolve) => {
    this.allConnected = resolve;
  });

  constructor(spec: ExecSessionSpec) {
    this.spec = spec;
    const names = spec.sandbox.interactive ? ["0", "control"] : ["0", "1", "2", "control"];
    this.fds = Object.fromEntries(names.map((name) => [name, randomBytes(32).toString("hex")]));
  }

  get instanceId(): string {
    return this.spec.instanceId;
  }

  /** The fd a secret opens, if any (compared in constant time). */
  fdForSecret(secret: string): string | undefined {
    const given = Buffer.from(secret);
    for (const [fd, expected] of Object.entries(this.fds)) {
      const wanted = Buffer.from(expected);
      if (given.length === wanted.length && timingSafeEqual(given, wanted)) return fd;
    }
    return undefined;
  }

  /** Whether the fd can still be connected (each fd once, while the command has not ended). */
  canAttach(fd: string): boolean {
    return !this.finished && !this.sockets.has(fd);
  }

  attach(fd: string, socket: ExecWebSocket): void {
    if (!this.canAttach(fd)) {
      socket.close(1008, `fd ${fd} is already connected or the command has ended`);
      return;
    }
    this.sockets.set(fd, socket);
    // Handlers are attached at once, so no frame sent right after the upgrade is missed.
    socket.on("message", (data: RawData, isBinary: boolean) => {
      this.onMessage(fd, toBuffer(data), isBinary);
    });
    socket.on("close", () => {
      this.onClose(fd);
    });
    socket.on("error", () => {
      socket.terminate();
    });
    if (this.sockets.size === Object.keys(this.fds).length) this.allConnected();
  }

  /** Runs the command to its end; the operation's work. Returns its final metadata. */
  async run(signal: AbortSignal): Promise<{ fds: Record<string, string>; return: number }> {
    try {
      await this.waitForClients(signal);
      const args = sandboxArguments(this.spec.sandbox);
      const child = this.spec.sandbox.interactive
        ? spawnTerminal(args, this.spec.width, this.spec.height)
        : spawnPiped(args);
      this.process = child;
      child.onOutput((stream, data) => {
        this.forward(this.spec.sandbox.interactive ? "0" : String(stream), data);
      });
      const onAbort = (): void => {
        child.kill();
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const code = await child.exited;
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) throw new OperationError("The command was stopped");
      // Let output read just before the exit reach the sockets before they close.
      await new Promise((resolve) => setImmediate(resolve));
      return { fds: this.fds, return: code };
    } finally {
      this.finish();
    }
  }

  /** Ends the command now (the instance stopped, or a client went away). */
  kill(): void {
    this.process?.kill();
    if (!this.process) this.finish();
  }

  private async waitForClients(signal: AbortSignal): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const gaveUp = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(
          new OperationError(
            `No client connected to every websocket of this exec within ${connectTimeoutMs / 1000} s`,
          ),
        );
      }, connectTimeoutMs);
      onAbort = () => {
        reject(new OperationError("The command was stopped before it started"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      await Promise.race([this.connected, gaveUp]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener("abort", onAbort);
    }
    if (this.finished) throw new OperationError("A client left before the command started");
  }

  private onMessage(fd: string, data: Buffer, isBinary: boolean): void {
    const child = this.process;
    if (fd === "control") {
      if (isBinary) return;
      const message = parseControlMessage(data.toString("utf8"));
      if (!message.ok || !child) return; // An unreadable control frame changes nothing.
      if (message.value.command === "window-resize") {
        child.resize(message.value.columns, message.value.rows);
      } else {
        child.signal(message.value.signal);
      }
      return;
    }
    if (fd === "0" && child) child.write(data);
  }

  private onClose(fd: string): void {
    this.sockets.delete(fd);
    if (this.finished) return;
    if (fd === "0" && !this.spec.sandbox.interactive) {
      // A non-interactive client closes stdin to send end-of-file; the command carries on.
      this.process?.closeInput();
      return;
    }
    // The terminal's user went away (tab closed): end the shell rather than leave it orphaned.
    if (fd === "0" || fd === "control") this.hangUp();
  }

  /**
   * Hangs up, as a terminal that closes does: SIGHUP to the command (a shell then ends, 128 + 1,
   * having done what it does on a hang-up), and the sandbox killed if it is still there after
   * `hangUpGraceMs`. Killing it at once ended every shell left by its user as if it had been
   * killed (137).
   */
  private hangUp(): void {
    if (this.hungUp) return;
    this.hungUp = true;
    const child = this.process;
    if (!child) {
      this.finish();
      return;
    }
    child.signal(hangUpSignal);
    const timer = setTimeout(() => {
      child.kill();
    }, hangUpGraceMs);
    void child.exited.finally(() => {
      clearTimeout(timer);
    });
  }

  private forward(fd: string, data: Buffer): void {
    const socket = this.sockets.get(fd);
    if (!socket || socket.readyState !== socket.OPEN) return;
    socket.send(data, { binary: true });
    if (socket.bufferedAmount > highWaterBytes && this.process) {
      const child = this.process;
      child.pause();
      const poll = setInterval(() => {
        if (socket.readyState !== socket.OPEN || socket.bufferedAmount < highWaterBytes / 4) {
          clearInterval(poll);
          child.resume();
        }
      }, drainPollMs);
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.allConnected(); // Releases a wait for clients that will never come.
    for (const socket of this.sockets.values()) {
      if (socket.readyState === socket.OPEN) socket.close(1000, "The command has ended");
    }
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
