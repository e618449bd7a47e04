import { createServer, type Server } from "node:https";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { errorResponse } from "../ams/envelope.ts";
import type { ServerCertificate } from "./server-certificate.ts";

/** What the proxy does with a request: pass it on (with extra headers), or refuse it. */
export type ProxyDecision =
  | { forward: true; headers?: Record<string, string> }
  | { forward: false; status: number; message: string };

export interface TlsSocketProxyOptions {
  host: string;
  port: number;
  identity: ServerCertificate;
  /** Ask clients for a certificate (AMS's mutual TLS); a client without one is still served. */
  requestClientCertificate: boolean;
  /** The Unix socket of the service behind it. */
  socketPath: string;
  /** Decides each request and websocket upgrade before anything reaches the service. */
  decide(request: IncomingMessage, upgrade: boolean): Promise<ProxyDecision>;
}

export interface TlsSocketProxy {
  port: number;
  close(): Promise<void>;
}

/**
 * A service on a Unix socket, served over TCP with TLS: each request and websocket upgrade is
 * decided (`decide`), then passed to the socket as it is, so one implementation of the service
 * serves both ways in. The AMS API (access/tls-front.ts) and the stream gateway use it.
 */
export async function startTlsSocketProxy(options: TlsSocketProxyOptions): Promise<TlsSocketProxy> {
  const server: Server = createServer({
    ...options.identity,
    requestCert: options.requestClientCertificate,
    rejectUnauthorized: false,
    minVersion: "TLSv1.2",
  });

  const forward = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => {
    const upstream = httpRequest(
      {
        socketPath: options.socketPath,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...headers },
      },
      (upstreamResponse) => {
        res.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(res);
      },
    );
    upstream.on("error", () => {
      sendError(res, 503, "The service is not answering");
    });
    req.pipe(upstream);
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    options.decide(req, false).then(
      (decision) => {
        if (decision.forward) forward(req, res, decision.headers ?? {});
        else sendError(res, decision.status, decision.message);
      },
      () => {
        sendError(res, 500, "Internal error");
      },
    );
  });

  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    options.decide(req, true).then(
      (decision) => {
        if (!decision.forward) {
          const body = JSON.stringify(errorResponse(decision.status, decision.message));
          socket.end(
            `HTTP/1.1 ${String(decision.status)} Refused\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
          );
          return;
        }
        const upstream = connect(options.socketPath, () => {
          const headers = Object.entries({ ...req.headers, ...decision.headers })
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
