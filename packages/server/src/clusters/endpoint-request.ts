import { requestTo, type ClusterEndpoint } from "./cluster-endpoint.ts";
import { describeConnectionError } from "./connection-errors.ts";

/** What a cluster's service answered, before its envelope is read. */
export interface RawAnswer {
  statusCode: number;
  text: string;
}

/** How long a call may wait for its answer, unless it asks for longer (an operation's wait). */
export const defaultCallTimeoutMs = 15_000;

/**
 * One HTTP request to a cluster's service (its AMS or gateway API, on a Unix socket or over
 * HTTPS), with a JSON body when given. A service that cannot be reached, or does not answer in
 * time (timeoutFor), rejects with `unreachable(why)`: no request waits on a dead cluster for long.
 */
export function requestEndpoint(
  endpoint: ClusterEndpoint,
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
  const timeoutMs = timeoutFor(call.path);
  return new Promise((resolve, reject) => {
    const req = requestTo(endpoint, { ...call, headers });
    const timer = setTimeout(() => {
      req.destroy(new Error(`it did not answer within ${String(Math.round(timeoutMs / 1000))} s`));
    }, timeoutMs);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("error", (error) => {
        clearTimeout(timer);
        reject(unreachable(describeConnectionError(error)));
      });
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ statusCode: res.statusCode ?? 0, text });
      });
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(call.signal?.aborted === true ? error : unreachable(describeConnectionError(error)));
    });
    req.end(payload);
  });
}

/**
 * An operation's wait (`/1.0/operations/{id}/wait?timeout=60`) answers when the operation ends or
 * its own timeout passes: it gets that long and a little more; any other call the default.
 */
function timeoutFor(path: string): number {
  const waited = /\/wait\?(?:.*&)?timeout=(\d+)/.exec(path);
  return waited ? Number(waited[1]) * 1000 + defaultCallTimeoutMs : defaultCallTimeoutMs;
}
