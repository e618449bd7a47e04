import type { FastifyServerOptions } from "fastify";
import { redacted, redactUrl } from "./redact-url.ts";

/** pino's levels, most to least severe; `silent` logs nothing. */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

/** Fastify's logger options (pino's, with the stream to write to). */
export type ServerLoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** Anything pino can write its JSON lines to: `process.stderr`, or a test's collector. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Where credentials could sit in what is logged: request and response headers (should anyone log
 * them), and fields named like a password, token or secret at the top level or one level down.
 */
const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["proxy-authorization"]',
  "headers.cookie",
  "headers.authorization",
  'headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  ...["password", "token", "secret", "idToken", "clientSecret", "client_secret"].flatMap(
    (field) => [field, `*.${field}`],
  ),
];

/**
 * The dashboard server's logger: pino's JSON lines at `level` to `stream` (stderr in production).
 * Fastify logs each request and its completion (status, time), and the error handler logs every
 * unexpected error with its stack (pino's error serializer). A request is described by its method,
 * host, client address and URL, the URL with its secrets redacted (`redactUrl`); its headers
 * (cookies, authorization) are not logged, and are redacted should anything log them.
 */
export function serverLoggerOptions(level: LogLevel, stream: LogStream): ServerLoggerOptions {
  return {
    level,
    stream,
    redact: { paths: redactedPaths, censor: redacted },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}
