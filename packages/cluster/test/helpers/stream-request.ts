// Requests with a streamed body over the cluster's socket: chunked bodies of any size made on the
// fly, and bodies the client abandons half way.
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StreamedResponse {
  status: number;
  text: string;
  body: { error?: string; operation?: string; metadata?: unknown };
  headers: Record<string, string | string[] | undefined>;
}

/** `total` bytes of `pattern` repeated, in chunks of 1 MiB, made as they are read. */
export function generatedBody(total: number, head: Buffer = Buffer.alloc(0)): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const part =
        sent === 0 && head.length > 0
          ? head
          : chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/** Sends `body` (chunked unless `headers` give a content-length) and reads the answer. */
export function streamRequest(
  socketPath: string,
  method: string,
  path: string,
  body: Readable,
  headers: Record<string, string> = {},
): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath,
        path,
        method,
        agent: false,
        headers: { "content-type": "application/octet-stream", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: StreamedResponse["body"] = {};
          try {
            parsed = JSON.parse(text) as StreamedResponse["body"];
          } catch {
            // Left empty: the test reads `text`.
          }
          resolve({ status: res.statusCode ?? 0, text, body: parsed, headers: res.headers });
        });
      },
    );
    req.on("error", reject);
    // The server may answer (413) before the whole body is sent: that is the answer to read.
    pipeline(body, req).catch(() => undefined);
  });
}

/** Sends `sent` bytes of a body announced as `announced` bytes, then drops the connection. */
export function abandonedUpload(
  socketPath: string,
  path: string,
  sent: Buffer,
  announced: number,
  headers: Record<string, string> = {},
): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({
      socketPath,
      path,
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(announced),
        ...headers,
      },
    });
    req.on("error", () => {
      resolve();
    });
    req.write(sent, () => {
      // Give the server the time to start receiving before the client goes away.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
  });
}
