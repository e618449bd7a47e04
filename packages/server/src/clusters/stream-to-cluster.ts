import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { RawAnswer } from "./endpoint-request.ts";
import { requestTo, type ClusterEndpoint } from "./cluster-endpoint.ts";
import { describeConnectionError } from "./connection-errors.ts";

/** A streamed body that passed its size limit: the relay stopped sending it. */
export class StreamTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The upload is larger than the limit of ${String(maxBytes)} bytes`);
    this.name = "StreamTooLargeError";
    this.maxBytes = maxBytes;
  }
}

export interface StreamCall {
  method?: "POST" | "PUT" | "PATCH";
  path: string;
  /** The bytes to send, read once as they arrive (a file part of a browser's upload). */
  body: Readable;
  /** Sending stops with `StreamTooLargeError` once more than this many bytes went through. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Aborts the request to the service (the browser went away): the service gets a cut body. */
  signal?: AbortSignal | undefined;
}

/**
 * One HTTP request over a Unix socket whose body is a stream, sent as it is read
 * (`application/octet-stream`, chunked): nothing is held in memory past the stream's own buffers
 * and nothing is written to disk. Backpressure holds: the source is read as fast as the service
 * takes it.
 *
 * - The service may answer before the body ends (a refusal after the first bytes): that answer
 *   is the result, and the rest of the body is not sent (the source is destroyed; the upload
 *   route drops what the browser still sends).
 * - The body failing (the browser's upload cut off), the limit passing or the signal aborting
 *   destroys the request, so the service sees a cut body and keeps nothing; the promise rejects
 *   with that cause (`StreamTooLargeError` for the limit).
 * - A socket that cannot be reached rejects with `unreachable(message)`.
 */
export function streamToEndpoint(
  endpoint: ClusterEndpoint,
  call: StreamCall,
  unreachable: (message: string) => Error,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // A body that failed or was destroyed before it reached here would never end: the service
    // would wait for the rest of a chunked body forever.
    if (call.body.errored !== null || call.body.destroyed) {
      reject(
        call.body.errored instanceof Error
          ? call.body.errored
          : new Error("The upload ended before it could be sent on"),
      );
      return;
    }
    let settled = false;
    let answered = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      finish();
    };
    const outgoing = requestTo(endpoint, {
      path: call.path,
      method: call.method ?? "POST",
      signal: call.signal,
      headers: {
        ...call.headers,
        "content-type": "application/octet-stream",
        "transfer-encoding": "chunked",
      },
    });
    const limit = byteLimit(call.maxBytes);
    const stopReading = () => {
      call.body.unpipe(limit);
      if (!call.body.readableEnded) call.body.destroy();
    };
    // The body's own failure (the browser's upload cut off) or the limit: the service must see a
    // cut body. Once the service has answered, its answer is the result instead.
    const failSending = (error: Error) => {
      if (answered) return;
      settle(() => {
        outgoing.destroy();
        stopReading();
        reject(error);
      });
    };
    call.body.on("error", failSending);
    limit.on("error", failSending);
    outgoing.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("error", (error) => {
        settle(() => {
          stopReading();
          reject(unreachable(describeConnectionError(error)));
        });
      });
      res.on("end", () => {
        settle(() => {
          stopReading();
          resolve({ statusCode: res.statusCode ?? 0, text });
        });
      });
    });
    outgoing.on("error", (error) => {
      settle(() => {
        stopReading();
        reject(call.signal?.aborted === true ? error : unreachable(describeConnectionError(error)));
      });
    });
    call.body.pipe(limit).pipe(outgoing);
  });
}

/** Passes bytes through until more than `maxBytes` went by, then fails with StreamTooLargeError. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        callback(new StreamTooLargeError(maxBytes));
        return;
      }
      callback(null, chunk);
    },
  });
}
