import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this, compressing saves less than it costs (a small answer fits in a packet anyway). */
const minimumBytes = 1024;

type Encoding = "br" | "gzip";

/**
 * The encoding to send, of those `accept-encoding` allows: brotli before gzip, none when the
 * header allows neither (or refuses both with q=0).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const allowed = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [token = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (quality !== undefined && Number(quality.slice(2)) === 0) continue;
    allowed.add(token);
  }
  if (allowed.has("br")) return "br";
  if (allowed.has("gzip") || allowed.has("*")) return "gzip";
  return undefined;
}

/**
 * Compresses the server's JSON answers of 1 KiB or more for browsers that accept it: a list of
 * instances is mostly repeated keys, a tenth of its size compressed. Brotli at quality 4 (a
 * fraction of a millisecond for tens of KiB, better than gzip's best), else gzip; on the thread
 * pool, not the event loop. The static files come compressed from the build (spa.ts).
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.startsWith("application/json")) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    // Whatever is sent, what it depends on is said, so that a cache keeps the two apart.
    void reply.header("vary", varyWithAcceptEncoding(reply.getHeader("vary")));
    // Measured, not copied: most answers are small and go as they are.
    const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (size < minimumBytes) return payload;
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    if (encoding === undefined) return payload;
    const compressed =
      encoding === "br"
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipped(payload);
    reply.removeHeader("content-length");
    void reply.header("content-encoding", encoding);
    return compressed;
  });
}

function varyWithAcceptEncoding(current: unknown): string {
  const value = Array.isArray(current)
    ? current.join(", ")
    : typeof current === "string"
      ? current
      : "";
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return value;
  return value === "" ? "accept-encoding" : `${value}, accept-encoding`;
}
