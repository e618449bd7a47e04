import { createServer, type Server } from "node:https";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, isIP, type Socket } from "node:net";
import { TLSSocket } from "node:tls";
import type { ClusterDatabase } from "../store/database.ts";
import { errorResponse } from "../ams/envelope.ts";
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

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** Header the front sets so the API can tell how a request came in; the socket is trusted as is. */
export const authHeader = "x-ams-auth";

// Open to everyone, as in AMS: clients read them to learn whether they are trusted.
const openPaths = new Set(["/1.0", "/1.0/", "/1.0/version"]);

export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1";
}

/**
 * The API over TCP with TLS: a client must present a certificate from the trust store
 * (`/1.0/certificates`) or, when `oidc.*` is configured, a bearer token from that identity
 * provider, except for the open service-status paths. Authenticated requests and websocket
 * upgrades are passed to the Unix socket, so one implementation serves both ways in.
 */
export async function startTlsFront(options: TlsFrontOptions): Promise<TlsFront> {
  if (!isLoopbackHost(options.host)) {
    throw new Error(`CLUSTER_HTTPS_ADDRESS must be a loopback address, got "${options.host}"`);
  }
  const identity = ensureServerCertificate(options.dataDir, `ams-${options.clusterName}`);
  const server: Server = createServer({
    ...identity,
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: "TLSv1.2",
  });

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

  const isTrusted = async (req: IncomingMessage): Promise<boolean> =>
    (await hasTrustedCertificate(req.socket)) || (await hasValidBearerToken(req));

  const forward = (req: IncomingMessage, res: ServerResponse, trusted: boolean): void => {
    const upstream = httpRequest(
      {
        socketPath: options.socketPath,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, [authHeader]: trusted ? "trusted" : "untrusted" },
      },
      (upstreamResponse) => {
        res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(res);
      },
    );
    upstream.on("error", () => {
      sendError(res, 503, "The cluster's API is not answering");
    });
    req.pipe(upstream);
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    isTrusted(req).then(
      (trusted) => {
        if (trusted || (req.method === "GET" && openPaths.has(path))) {
          forward(req, res, trusted);
        } else {
          sendError(
            res,
            403,
            "Forbidden: present a client certificate that the cluster trusts, or a bearer token of its identity provider",
          );
        }
      },
      () => {
        sendError(res, 500, "Internal error");
      },
    );
  });

  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    isTrusted(req).then(
      (trusted) => {
        if (!trusted) {
          socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
          return;
        }
        const upstream = connect(options.socketPath, () => {
          const headers = Object.entries({ ...req.headers, [authHeader]: "trusted" })
            .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : value}`)
            .join("\r\n");
          upstream.write(`${req.method ?? "GET"} ${req.url ?? "/"} HTTP/1.1\r\n${headers}\r\n\r\n`);
          upstream.write(head);
          upstream.pipe(socket).pipe(upstream);
        });
        const closeBoth = (): void => {
          upstream.destroy();
          socket.destroy();
        };
        upstream.on("error", closeBoth);
        socket.on("error", closeBoth);
      },
      () => socket.destroy(),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function sendError(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(errorResponse(status, message)));
}
