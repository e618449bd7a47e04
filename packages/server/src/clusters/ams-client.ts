import { request } from "node:http";
import type { AmsResponse } from "@anbox-dashboard/contract";

/** A failed call to a cluster's AMS API, with the status and message the cluster answered. */
export class AmsClientError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = "AmsClientError";
    this.statusCode = statusCode;
  }
}

export interface AmsResult<T> {
  statusCode: number;
  metadata: T;
  totalSize: number | undefined;
}

/**
 * Talks to one cluster's Anbox Management Service REST API exactly as to a real AMS: here through
 * its local Unix socket. Unwraps the envelope and turns error envelopes into `AmsClientError`.
 */
export class AmsClient {
  readonly socketPath: string;

  constructor(socketPath: string) {
    this.socketPath = socketPath;
  }

  async get<T>(path: string, signal?: AbortSignal): Promise<AmsResult<T>> {
    return this.call<T>("GET", path, undefined, signal);
  }

  async post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<AmsResult<T>> {
    return this.call<T>("POST", path, body, signal);
  }

  private call<T>(
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<AmsResult<T>> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          socketPath: this.socketPath,
          path,
          method,
          signal,
          headers: payload === undefined ? {} : { "content-type": "application/json" },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("error", reject);
          res.on("end", () => {
            try {
              resolve(unwrap<T>(res.statusCode ?? 0, text));
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      req.on("error", (error) => {
        reject(new AmsClientError(503, `The cluster cannot be reached: ${error.message}`));
      });
      req.end(payload);
    });
  }
}

function unwrap<T>(statusCode: number, text: string): AmsResult<T> {
  let envelope: AmsResponse<T>;
  try {
    envelope = JSON.parse(text) as AmsResponse<T>;
  } catch {
    throw new AmsClientError(
      502,
      `The cluster answered ${statusCode} with a body that is not JSON`,
    );
  }
  if (envelope.type === "error") {
    throw new AmsClientError(envelope.error_code || statusCode, envelope.error);
  }
  const totalSize = envelope.type === "sync" ? envelope.total_size : undefined;
  return { statusCode, metadata: envelope.metadata, totalSize };
}
