import { readFile } from "node:fs/promises";
import type { GatewayResponse } from "@anbox-dashboard/contract";
import { AmsClientError } from "./ams-client.ts";
import { requestEndpoint, type RawAnswer } from "./endpoint-request.ts";
import { socketEndpoint, type ClusterEndpoint } from "./cluster-endpoint.ts";

export interface GatewayResult<T> {
  metadata: T;
  totalSize: number | undefined;
}

/**
 * Talks to one cluster's stream gateway (reference section 3) as to a real one: with a service
 * account's token (`Authorization: macaroon root=<token>`), over its Unix socket (an embedded
 * cluster) or HTTPS (a remote gateway, its certificate pinned). The token
 * stays in the server: the browser only ever gets the single-use join token of a signaling URL.
 * Failures are `AmsClientError`s, so that the one cluster call (cluster-call.ts) maps both alike.
 */
export class GatewayClient {
  readonly endpoint: ClusterEndpoint;
  private readonly tokenFile: string;
  private token: string | undefined;

  /**
   * `tokenFile` holds the service account's token (as the embedded cluster writes it, or as an
   * operator saved it); a path for `endpoint` is a Unix socket.
   */
  constructor(endpoint: ClusterEndpoint | string, tokenFile: string) {
    this.endpoint = typeof endpoint === "string" ? socketEndpoint(endpoint) : endpoint;
    this.tokenFile = tokenFile;
  }

  get<T>(path: string, signal?: AbortSignal): Promise<GatewayResult<T>> {
    return this.call<T>("GET", path, undefined, signal);
  }

  post<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<GatewayResult<T>> {
    return this.call<T>("POST", path, body ?? {}, signal);
  }

  patch<T>(path: string, body: unknown, signal?: AbortSignal): Promise<GatewayResult<T>> {
    return this.call<T>("PATCH", path, body, signal);
  }

  delete<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<GatewayResult<T>> {
    return this.call<T>("DELETE", path, body, signal);
  }

  private async call<T>(
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<GatewayResult<T>> {
    const send = async () =>
      requestEndpoint(
        this.endpoint,
        {
          method,
          path,
          body,
          signal,
          headers: { authorization: `macaroon root=${await this.readToken()}` },
        },
        (message) => new AmsClientError(503, `The stream gateway cannot be reached: ${message}`),
      );
    let answer = await send();
    if (answer.statusCode === 401) {
      // The cluster issues a new token when its file went missing: read it again, once.
      this.token = undefined;
      answer = await send();
    }
    return unwrap<T>(answer);
  }

  private async readToken(): Promise<string> {
    if (this.token !== undefined) return this.token;
    try {
      this.token = (await readFile(this.tokenFile, "utf8")).trim();
    } catch {
      throw new AmsClientError(
        503,
        "The stream gateway's token is not there yet: is the cluster up?",
      );
    }
    return this.token;
  }
}

function unwrap<T>({ statusCode, text }: RawAnswer): GatewayResult<T> {
  let envelope: GatewayResponse<T>;
  try {
    envelope = JSON.parse(text) as GatewayResponse<T>;
  } catch {
    throw new AmsClientError(
      502,
      `The stream gateway answered ${String(statusCode)} with a body that is not JSON`,
    );
  }
  if (envelope.type === "error") {
    throw new AmsClientError(envelope.status_code || statusCode, envelope.error);
  }
  return { metadata: envelope.metadata, totalSize: envelope.total_size };
}
