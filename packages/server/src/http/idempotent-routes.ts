import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../store/database.ts";
import {
  claimIdempotencyKey,
  finishIdempotentRequest,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from "../store/idempotency-keys.ts";
import { HttpError } from "@anbox-dashboard/http-kit";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route makes something (`config: { idempotent: true }`): a request carrying an
     * `Idempotency-Key` header is done once, however often it is sent (registerIdempotentRoutes).
     */
    idempotent?: boolean;
  }
}

/** The header a form's submission sends its key in (the web app's api-fetch sends it). */
const idempotencyKeyHeader = "idempotency-key";

/** A key is a random value made by the client for one submission, such as a UUID. */
const keyPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** Answers longer than this are not kept (a create's answer is an operation: a few hundred bytes). */
const maxStoredBodyBytes = 64 * 1024;

/**
 * Makes every route declared `idempotent` safe to send twice. A request with an
 * `Idempotency-Key` header (one key per form submission, the same again on a retry of it) claims
 * the key for its user and route in the database, so whichever dashboard process a replay reaches:
 *
 * - the first request runs; its answer (2xx or 4xx) is kept for a day (expired keys are deleted as
 *   new ones come); a 5xx or 429, after which the client may rightly try again, frees the key;
 * - a replay after it answered gets that answer again (status and body, and the header
 *   `Idempotent-Replayed: true`) without the cluster being called;
 * - a replay while it runs is a 409, a key reused for another request (other parameters, query or
 *   body) a 422, a malformed key a 400.
 *
 * What a request asks is its route's parameters, query and JSON body. An upload's file is streamed
 * to the cluster as it arrives, so it cannot be read before the cluster is called: a multipart
 * body counts by its length (a browser's retry of the same form has the same length).
 *
 * A request without the header runs as before: scripts and other clients are not broken.
 * Register before compressJsonAnswers: the answer is kept as it was before it was compressed.
 */
export function registerIdempotentRoutes(
  app: FastifyInstance,
  db: Database,
  now: () => number = Date.now,
): void {
  const claims = new WeakMap<FastifyRequest, IdempotencyScope>();

  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const header = request.headers[idempotencyKeyHeader];
    if (header === undefined) return;
    // The session gate ran before: an idempotent route is a session route.
    if (request.user === null) return;
    const scope: IdempotencyScope = {
      userId: request.user.id,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      key: parseKey(header),
    };
    const claim = await claimIdempotencyKey(db, scope, fingerprintOf(request), now());
    switch (claim.kind) {
      case "claimed":
        claims.set(request, scope);
        return;
      case "running":
        throw new HttpError(
          409,
          "This was sent already and is still being handled: wait for its answer instead of sending it again.",
        );
      case "other-request":
        throw new HttpError(
          422,
          `This Idempotency-Key was already used for another request to ${scope.route}: use a new key for each submission.`,
        );
      case "answered":
        return reply
          .code(claim.answer.status)
          .header("content-type", claim.answer.contentType)
          .header("idempotent-replayed", "true")
          .send(claim.answer.body);
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const scope = claims.get(request);
    if (scope === undefined) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    const body = typeof payload === "string" ? payload : undefined;
    const contentType = reply.getHeader("content-type");
    // A refusal of a request whose client went away may be the cut itself (an upload broken
    // off reads as a malformed form): not an answer to repeat. What was made stays answered.
    const cut = status >= 400 && request.socket.destroyed;
    const repeatable = status < 500 && status !== 429 && !cut;
    if (
      repeatable &&
      body !== undefined &&
      typeof contentType === "string" &&
      Buffer.byteLength(body) <= maxStoredBodyBytes
    ) {
      await finishIdempotentRequest(db, scope, { status, contentType, body });
    } else {
      await releaseIdempotencyKey(db, scope);
    }
    return payload;
  });

  // A request that ended without its answer being sent (the connection dropped first) frees its
  // key: nothing says what the first one did, so a retry runs.
  app.addHook("onResponse", async (request) => {
    const scope = claims.get(request);
    if (scope === undefined) return;
    claims.delete(request);
    await releaseIdempotencyKey(db, scope);
  });
}

function parseKey(header: string | string[]): string {
  if (typeof header !== "string" || !keyPattern.test(header)) {
    throw new HttpError(
      400,
      "The Idempotency-Key header must be one random value of 16 to 128 letters, digits, '-' or '_' (a UUID, say), made once per submission.",
    );
  }
  return header;
}

/** SHA-256 of what the request asks: its parameters, query and body (see above for uploads). */
function fingerprintOf(request: FastifyRequest): string {
  const multipart = request.headers["content-type"]?.startsWith("multipart/") === true;
  const body = multipart
    ? { multipartLength: request.headers["content-length"] ?? "" }
    : (request.body ?? null);
  return createHash("sha256")
    .update(JSON.stringify([request.params, request.query, body]))
    .digest("hex");
}
