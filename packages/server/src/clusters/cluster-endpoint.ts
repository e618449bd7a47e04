import { X509Certificate } from "node:crypto";
import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { checkServerIdentity, type PeerCertificate } from "node:tls";
import type { ClientOptions } from "ws";

/**
 * How the dashboard proves itself to a remote cluster's service and knows it is talking to the
 * right one. TLS is always verified: against the pinned certificate of the server (or the CA that
 * signed it), never switched off.
 */
export interface TlsTrust {
  /** PEM: the server's own certificate (pinned: its identity, whatever the host name) or its CA. */
  serverCertificate: string;
  /** PEM: the dashboard's client certificate and key, for mutual TLS (AMS); none for a gateway. */
  clientCertificate?: string | undefined;
  clientKey?: string | undefined;
}

/** Where a cluster's service (its AMS API, or its stream gateway) answers. */
export type ClusterEndpoint =
  | { kind: "socket"; socketPath: string }
  | {
      kind: "https";
      origin: string;
      /** Keeps connections of API calls open for the next ones. */
      agent: HttpsAgent;
      /** Opens the websockets (events, exec, signaling), each on its own connection. */
      websocketAgent: HttpsAgent;
    };

/** A local Unix socket: the embedded clusters this dashboard runs. */
export function socketEndpoint(socketPath: string): ClusterEndpoint {
  return { kind: "socket", socketPath };
}

/**
 * A service over HTTPS (a remote AMS on port 8444, a remote gateway). `url` is its address
 * (`https://ams.example.com:8444`); its path, if any, is ignored: AMS's API is at `/1.0`.
 */
export function httpsEndpoint(url: string, trust: TlsTrust): ClusterEndpoint {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") throw new Error(`${url} is not an https:// address`);
  const tls = tlsOptions(trust);
  return {
    kind: "https",
    origin: parsed.origin,
    // API calls reuse their connections: the TLS handshake is not repeated for each.
    agent: new HttpsAgent({ keepAlive: true, maxSockets: 32, ...tls }),
    websocketAgent: new HttpsAgent(tls),
  };
}

/** The TLS settings of a connection to a service with this trust. */
function tlsOptions(trust: TlsTrust) {
  const pinned = new X509Certificate(trust.serverCertificate);
  return {
    ca: [trust.serverCertificate],
    cert: trust.clientCertificate,
    key: trust.clientKey,
    rejectUnauthorized: true,
    minVersion: "TLSv1.2" as const,
    // The pinned certificate is the server's identity: a self-signed AMS certificate rarely
    // names the host it is reached by. A CA's certificate vouches for names, as usual.
    checkServerIdentity: (host: string, certificate: PeerCertificate): Error | undefined =>
      certificate.fingerprint256 === pinned.fingerprint256
        ? undefined
        : checkServerIdentity(host, certificate),
  };
}

export interface EndpointCall {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  signal?: AbortSignal | undefined;
}

/** Starts an HTTP request to the service; the caller writes the body and reads the answer. */
export function requestTo(endpoint: ClusterEndpoint, call: EndpointCall): ClientRequest {
  const options = { method: call.method, headers: call.headers, signal: call.signal };
  if (endpoint.kind === "socket") {
    return httpRequest({ ...options, socketPath: endpoint.socketPath, path: call.path });
  }
  return httpsRequest(new URL(call.path, endpoint.origin), { ...options, agent: endpoint.agent });
}

/** The URL and options a websocket client (ws) opens one of the service's sockets with. */
export function websocketTarget(
  endpoint: ClusterEndpoint,
  path: string,
): { url: string; options: ClientOptions } {
  if (endpoint.kind === "socket")
    return { url: `ws+unix://${endpoint.socketPath}:${path}`, options: {} };
  const url = new URL(path, endpoint.origin);
  url.protocol = "wss:";
  return { url: url.href, options: { agent: endpoint.websocketAgent } };
}
