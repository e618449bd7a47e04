// A websocket client for the tests: connects, collects text frames, and reports how it ended,
// whether the server refused the upgrade (an HTTP status) or closed the socket (a close code).
import WebSocket from "ws";

export interface Closed {
  code: number;
  reason: string;
}

export interface TestSocket {
  socket: WebSocket;
  messages: string[];
  /** Resolves with the first frame (received so far or later) that `matches`. */
  waitForMessage(matches: (message: string) => boolean): Promise<string>;
  closed: Promise<Closed>;
}

export type Connection = { opened: TestSocket } | { refused: number; body: string };

export function connect(url: string, headers: Record<string, string> = {}): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: string[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<Closed>((resolveClosed) => {
      socket.on("close", (code, reason) => {
        resolveClosed({ code, reason: reason.toString("utf8") });
      });
    });
    socket.on("message", (data) => {
      messages.push(
        Buffer.isBuffer(data)
          ? data.toString("utf8")
          : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString("utf8"),
      );
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on("unexpected-response", (request, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ refused: response.statusCode ?? 0, body });
      });
    });
    socket.on("error", reject);
    socket.on("open", () => {
      const waitForMessage = (matches: (message: string) => boolean): Promise<string> =>
        new Promise((resolveMessage) => {
          const check = () => {
            const message = messages.find(matches);
            if (message !== undefined) resolveMessage(message);
            else waiters.push(check);
          };
          check();
        });
      resolve({ opened: { socket, messages, waitForMessage, closed } });
    });
  });
}

export function expectOpened(connection: Connection): TestSocket {
  if ("refused" in connection) {
    throw new Error(`upgrade refused with ${connection.refused}: ${connection.body}`);
  }
  return connection.opened;
}
