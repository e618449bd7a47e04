import type { EventsSocket } from "./events-connection.ts";

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
export class FakeSocket implements EventsSocket {
  static created: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closedByClient = false;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.created.push(this);
  }

  static create = (url: string): FakeSocket => new FakeSocket(url);

  static last(): FakeSocket {
    const socket = FakeSocket.created.at(-1);
    if (!socket) throw new Error("no socket was created");
    return socket;
  }

  open(): void {
    this.onopen?.(new Event("open"));
  }

  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data }));
  }

  /** The server side ends it (or the handshake fails: error, then close). */
  fail(code = 1006): void {
    this.onerror?.(new Event("error"));
    this.onclose?.(new CloseEvent("close", { code }));
  }

  close(): void {
    this.closedByClient = true;
  }
}
