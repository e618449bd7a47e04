import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { RefusalWording } from "./refusal-wording.ts";

// The refusals made before any route or error handler runs, answered in the API's own error body
// like every other refusal, rather than in Fastify's or Node's own words, which no client of these
// APIs reads.

/** The words for the refusals of Fastify's router. */
const routerMessages: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL's path is not valid: a percent-escape does not decode to UTF-8 text",
  FST_ERR_MAX_PARAM_LENGTH: "A path parameter of the URL is longer than 100 characters",
};

/**
 * Fastify's `frameworkErrors` option: the URLs its router cannot take (a bad percent-escape, a
 * path parameter past its length).
 */
export function frameworkErrorsAnswered(
  wording: RefusalWording,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, _request, reply) => {
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = routerMessages[error.code] ?? error.message;
      void reply.code(statusCode).send(wording.body(statusCode, message));
      return;
    }
    void reply.code(500).send(wording.body(500, wording.internalError));
  };
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses before Fastify sees
 * it (headers, URL included, past Node's 16 KB; not HTTP at all), answered on the raw socket,
 * which is then closed as Node would. The answer to a `HEAD` has no body, or the client would read
 * the body as the next answer.
 */
export function clientErrorsAnswered(
  wording: RefusalWording,
): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [statusCode, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request's headers, its URL included, are larger than 16 KB"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "The request did not arrive in time"]
          : [400, "The request is not valid HTTP"];
    const raw: unknown = error.rawPacket;
    const head = Buffer.isBuffer(raw) && raw.subarray(0, 5).toString() === "HEAD ";
    const body = head ? "" : JSON.stringify(wording.body(statusCode, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${String(statusCode)} ${STATUS_CODES[statusCode] ?? ""}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
