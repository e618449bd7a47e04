import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { TLSSocket } from "node:tls";
import type { ClusterDatabase } from "../store/database.ts";
import { startTlsSocketProxy, type TlsSocketProxy } from "./tls-socket-proxy.ts";
import { fingerprintOf } from "./certificate-fingerprint.ts";
import { ensureServerCertificate } from "./server-certificate.ts";
import { OidcBearerVerifier, bearerTokenOf, readOidcSettings } from "./oidc-bearer.ts";

export interface TlsFrontOptions {
  host: string;
  port: number;
  dataDir: string;
  clusterName: string;
  /** The AMS API's Unix socket, to which authenticated requests are passed. */
  socketPath: string;
  db: ClusterDatabase;
}

export type TlsFront = TlsSocketProxy;

/** Header the front sets so the API can tell how a request came in; the socket is trusted as is. */
export const authHeader = "x-ams-auth";

// Open to everyone, as in AMS: clients read them to learn whether they are trusted.
const openPaths = new Set(["/1.0", "/1.0/", "/1.0/version"]);

/**
 * The AMS API over TCP with TLS (`CLUSTER_HTTPS_ADDRESS`): a client must present a certificate
 * from the trust store (`/1.0/certificates`) or, when `oidc.*` is configured, a bearer token from
 * that identity provider, except for the open service-status paths, which say whether the caller
 * is trusted. The cluster's certificate (tls/server.crt) is made once and kept, so that clients
 * can pin it across restarts.
 */
export async function startTlsFront(options: TlsFrontOptions): Promise<TlsFront> {
  const bearerVerifier = new OidcBearerVerifier();

  const hasTrustedCertificate = async (socket: Socket): Promise<boolean> => {
    if (!(socket instanceof TLSSocket)) return false;
    const peer = socket.getPeerCertificate();
    if (Object.keys(peer).length === 0) return false;
    const row = await options.db
      .selectFrom("certificates")
      .select("fingerprint")
      .where("fingerprint", "=", fingerprintOf(peer.raw))
      .executeTakeFirst();
    return row !== undefined;
  };

  const hasValidBearerToken = async (req: IncomingMessage): Promise<boolean> => {
    const token = bearerTokenOf(req.headers.authorization);
    if (token === undefined) return false;
    const settings = await readOidcSettings(options.db);
    return settings !== undefined && (await bearerVerifier.verify(token, settings)) !== undefined;
  };

  return startTlsSocketProxy({
    host: options.host,
    port: options.port,
    identity: ensureServerCertificate(options.dataDir, `ams-${options.clusterName}`),
    requestClientCertificate: true,
    socketPath: options.socketPath,
    decide: async (req, upgrade) => {
      const trusted = (await hasTrustedCertificate(req.socket)) || (await hasValidBearerToken(req));
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      if (trusted || (!upgrade && req.method === "GET" && openPaths.has(path))) {
        return { forward: true, headers: { [authHeader]: trusted ? "trusted" : "untrusted" } };
      }
      return {
        forward: false,
        status: 403,
        message:
          "Forbidden: present a client certificate that the cluster trusts, or a bearer token of its identity provider",
      };
    },
  });
}
