import { request } from "node:http";

/** What a service on a Unix socket answered, before its envelope is read. */
export interface RawAnswer {
  statusCode: number;
  text: string;
}

/**
 * One HTTP request over a Unix socket (a cluster's AMS or gateway API), with a JSON body when
 * given. A socket that cannot be reached rejects with `unreachable(message)`.
 */
export function requestOverSocket(
  socketPath: string,
  call: {
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    signal?: AbortSignal | undefined;
  },
  unreachable: (message: string) => Error,
): Promise<RawAnswer> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  // The length is always given: Node sends a DELETE body neither chunked nor with a length, and
  // the service could not tell where it ends.
  const headers: Record<string, string> = {
    ...call.headers,
    ...(payload === undefined
      ? {}
      : {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
        }),
  };
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: call.path, method: call.method, signal: call.signal, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("error", reject);
        res.on("end", () => {
          resolve({ statusCode: res.statusCode ?? 0, text });
        });
      },
    );
    req.on("error", (error) => {
      reject(unreachable(error.message));
    });
    req.end(payload);
  });
}
