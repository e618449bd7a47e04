import type { TerminalSocket } from "./terminal-session.ts";

/** A stand-in for the browser's WebSocket on a shell: the test opens, feeds and closes it. */
export class FakeTerminalSocket implements TerminalSocket {
  /** Every socket made since the last `reset()`, oldest first. */
  static created: FakeTerminalSocket[] = [];
  binaryType: BinaryType = "blob";
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: (string | Uint8Array<ArrayBuffer>)[] = [];
  closedByClient = false;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeTerminalSocket.created.push(this);
  }

  static reset(): void {
    FakeTerminalSocket.created = [];
  }

  static at(url: string): FakeTerminalSocket {
    const socket = FakeTerminalSocket.created.findLast((candidate) => candidate.url === url);
    if (!socket) throw new Error(`no socket was opened at ${url}`);
    return socket;
  }

  send(data: string | Uint8Array<ArrayBuffer>): void {
    this.sent.push(data);
  }

  close(): void {
    this.closedByClient = true;
  }

  open(): void {
    this.onopen?.(new Event("open"));
  }

  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  /** The cluster ends it (the shell exited), or refuses it (code 1006). */
  serverClose(code = 1000): void {
    this.onclose?.(new CloseEvent("close", { code }));
  }
}
