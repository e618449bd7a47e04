// Websocket clients over the cluster's Unix socket, for tests: connect, refusals, and waiting for
// what a socket receives (with a bounded wait, never a fixed sleep).
import WebSocket from "ws";

export interface Refusal {
  status: number;
  body: string;
}

export interface ReceivingSocket {
  socket: WebSocket;
  /** Every frame so far, as text (binary frames decoded as UTF-8). */
  frames: string[];
  /** Everything received so far, joined. */
  text(): string;
  /** Resolves once the received text matches, or rejects after `timeoutMs` with what came. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  closed: Promise<{ code: number; reason: string }>;
}

export function connectUnix(socketPath: string, path: string): Promise<ReceivingSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws+unix://${socketPath}:${path}`);
    const frames: string[] = [];
    const waiters = new Set<() => void>();
    socket.on("message", (data: Buffer) => {
      frames.push(data.toString("utf8"));
      for (const waiter of [...waiters]) waiter();
    });
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) => {
      socket.on("close", (code, reason) => {
        resolveClose({ code, reason: reason.toString() });
      });
    });
    const text = (): string => frames.join("");
    socket.once("open", () => {
      resolve({
        socket,
        frames,
        text,
        closed,
        waitFor: (pattern, timeoutMs = 10_000) =>
          new Promise((resolveWait, rejectWait) => {
            const check = (): void => {
              const match = pattern.exec(text());
              if (!match) return;
              waiters.delete(check);
              clearTimeout(timer);
              resolveWait(match);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectWait(
                new Error(
                  `timed out waiting for ${String(pattern)}; got ${JSON.stringify(text())}`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      });
    });
    socket.once("unexpected-response", (_request, response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        reject(
          Object.assign(new Error(`refused: ${String(response.statusCode)}`), {
            refusal: { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() },
          }),
        );
      });
    });
    socket.once("error", reject);
  });
}

/** The HTTP answer a refused upgrade got. */
export async function refusalOf(attempt: Promise<unknown>): Promise<Refusal> {
  try {
    await attempt;
  } catch (error) {
    const refusal = (error as { refusal?: Refusal }).refusal;
    if (refusal) return refusal;
    throw error;
  }
  throw new Error("the websocket was accepted, but a refusal was expected");
}
