import type { AmsResponse } from "@anbox-dashboard/contract";
import { requestEndpoint, type RawAnswer } from "./endpoint-request.ts";
import { streamToEndpoint, type StreamCall } from "./stream-to-cluster.ts";
import { socketEndpoint, type ClusterEndpoint } from "./cluster-endpoint.ts";

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
 * Talks to one cluster's Anbox Management Service REST API exactly as to a real AMS: through its
 * local Unix socket (an embedded cluster; a path is taken as one) or over HTTPS with mutual TLS
 * (a remote AMS). Unwraps the envelope and turns error envelopes into `AmsClientError`.
 */
export class AmsClient {
  readonly endpoint: ClusterEndpoint;

  constructor(endpoint: ClusterEndpoint | string) {
    this.endpoint = typeof endpoint === "string" ? socketEndpoint(endpoint) : endpoint;
  }

  async get<T>(path: string, signal?: AbortSignal): Promise<AmsResult<T>> {
    return unwrap<T>(await this.send("GET", path, undefined, signal));
  }

  async post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<AmsResult<T>> {
    return unwrap<T>(await this.send("POST", path, body, signal));
  }

  async patch<T>(path: string, body: unknown, signal?: AbortSignal): Promise<AmsResult<T>> {
    return unwrap<T>(await this.send("PATCH", path, body, signal));
  }

  async put<T>(path: string, body: unknown, signal?: AbortSignal): Promise<AmsResult<T>> {
    return unwrap<T>(await this.send("PUT", path, body, signal));
  }

  /** A `DELETE`, with a body when the call takes one (`{force}`, `{ids, force}`). */
  async delete<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<AmsResult<T>> {
    return unwrap<T>(await this.send("DELETE", path, body, signal));
  }

  /**
   * A request whose body is streamed to the cluster as it is read (an uploaded package), never
   * held whole: see stream-to-cluster.ts for how a cut body, the limit and an early answer end it.
   */
  async sendStream<T>(call: StreamCall): Promise<AmsResult<T>> {
    const answer = await streamToEndpoint(
      this.endpoint,
      call,
      (message) => new AmsClientError(503, `The cluster cannot be reached: ${message}`),
    );
    return unwrap<T>(answer);
  }

  /** A `GET` of a resource the cluster serves as text (instance logs); errors are envelopes. */
  async getText(path: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.send("GET", path, undefined, signal);
    if (answer.statusCode >= 200 && answer.statusCode < 300) return answer.text;
    unwrap(answer); // throws the error envelope's status and message
    throw new AmsClientError(502, `The cluster answered ${answer.statusCode} without an error`);
  }

  private send(
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<RawAnswer> {
    return requestEndpoint(
      this.endpoint,
      { method, path, body, signal },
      (message) => new AmsClientError(503, `The cluster cannot be reached: ${message}`),
    );
  }
}

function unwrap<T>({ statusCode, text }: RawAnswer): AmsResult<T> {
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
