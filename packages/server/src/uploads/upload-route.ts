import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import type { Readable } from "node:stream";
import type { z } from "zod";
import { HttpError } from "@anbox-dashboard/http-kit";
import { parseInput } from "../input/parse-input.ts";
import { StreamTooLargeError } from "../clusters/stream-to-cluster.ts";
import type { RouteActs } from "../auth/route-acts.ts";

/**
 * Room in a request's Content-Length for what surrounds the file in the form (boundaries, part
 * headers, the text fields): a request longer than the limit plus this cannot hold a file within
 * the limit.
 */
export const uploadFormAllowanceBytes = 64 * 1024;

const defaultMaxFieldBytes = 16 * 1024;

/** What an upload route is handed once the form's text fields have been read and checked. */
export interface OpenedUpload<Fields> {
  fields: Fields;
  /** The file's bytes, read as they arrive: pipe them on once (`sendStream`), never buffer them. */
  file: Readable;
  fileName: string;
  /** The bytes the file may have, for the relay to cut off past. */
  maxBytes: number;
  /** Aborts when the browser goes away before its upload ended. */
  signal: AbortSignal;
}

export interface UploadRoute<S extends z.ZodType, Answer> {
  url: string;
  /** What the upload makes or changes (route-acts.ts): decided before a byte is read. */
  acts: RouteActs;
  /** The text fields, sent before the file; each wrong one is a 400 that names it. */
  fields: S;
  /** The name of the one file field, sent last. */
  fileField: string;
  /** Names the form in messages ("image upload"). */
  what: string;
  maxBytes: number;
  /** What sets `maxBytes`, said in the refusal of a larger file (UPLOAD_MAX_BYTES when not given). */
  maxBytesSetBy?: string;
  /** The longest text field, in bytes (16 KiB when not given); a longer one is a 400 naming it. */
  maxFieldBytes?: number;
  handle: (
    request: FastifyRequest,
    reply: FastifyReply,
    upload: OpenedUpload<z.output<S>>,
  ) => Promise<Answer>;
}

/**
 * A `POST` route that takes `multipart/form-data` with text fields first, then one file, and
 * hands the file on as a stream (to a cluster's socket): the server holds neither the file in
 * memory nor on disk. Shared by every upload (image packages, application packages).
 *
 * - A Content-Length beyond the limit (plus the form's allowance) is refused with 413 before a
 *   byte is read; a file that grows past it while streaming is cut off (`StreamTooLargeError`,
 *   answered 413).
 * - The multipart parser is registered in this route's own scope: no other route takes
 *   multipart bodies through it.
 * - The session and cross-site rules are the app's, run before this route's hooks.
 */
export async function registerUploadRoute<S extends z.ZodType, Answer>(
  app: FastifyInstance,
  route: UploadRoute<S, Answer>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        // The relay counts the file's bytes itself and says how large the limit is.
        fileSize: Infinity,
        files: 1,
        fields: 16,
        fieldSize: route.maxFieldBytes ?? defaultMaxFieldBytes,
        parts: 17,
      },
      throwFileSizeLimit: false,
    });
    scope.post(
      route.url,
      {
        // Every upload makes something (an image, an application, a version).
        config: { idempotent: true, acts: route.acts },
        onRequest: async (request, reply) => {
          const declared = Number(request.headers["content-length"]);
          if (Number.isFinite(declared) && declared > route.maxBytes + uploadFormAllowanceBytes) {
            // Reading the announced bytes only to drop them would cost what the limit saves.
            void reply.header("connection", "close");
            throw tooLarge(route);
          }
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new HttpError(
            400,
            `The ${route.what} must be sent as multipart/form-data, its file in the field "${route.fileField}"`,
          );
        }
        const aborted = new AbortController();
        request.raw.once("close", () => {
          if (!request.raw.complete) aborted.abort();
        });
        const { fields, file } = await readUntilFile(request, route);
        // A body that breaks off or is malformed inside the file part fails the file's stream
        // (the multipart parser's error, without a status): that is the request's fault, a 400.
        // A small body is parsed whole at once, so the part may have failed before it is sent on.
        const formError = (): Error | undefined => {
          const failed: unknown = file.stream.errored;
          return failed instanceof Error && !hasStatus(failed) ? failed : undefined;
        };
        try {
          const early = formError();
          if (early !== undefined) throw malformedForm(route.what, early);
          return await route.handle(request, reply, {
            fields: parseInput(route.fields, fields, route.what),
            file: file.stream,
            fileName: file.name,
            maxBytes: route.maxBytes,
            signal: aborted.signal,
          });
        } catch (error) {
          if (error instanceof StreamTooLargeError) throw tooLarge(route);
          const failed = formError();
          if (failed !== undefined && !(error instanceof HttpError)) {
            throw malformedForm(route.what, failed);
          }
          throw error;
        } finally {
          if (!file.stream.readableEnded) {
            // A refusal before the whole file was read: the rest of the body is dropped as it
            // comes (not left waiting, which would hold the browser and the connection), so
            // that the browser reads the answer rather than a broken connection.
            file.stream.destroy();
            request.raw.resume();
          }
        }
      },
    );
  });
}

function hasStatus(error: Error): boolean {
  return typeof (error as { statusCode?: unknown }).statusCode === "number";
}

function malformedForm(what: string, error: Error): HttpError {
  return new HttpError(
    400,
    `The ${what} is not a well-formed multipart/form-data body (${error.message})`,
  );
}

function tooLarge(route: { maxBytes: number; maxBytesSetBy?: string }): HttpError {
  return new HttpError(
    413,
    `The file is larger than this dashboard takes (${formatBytes(route.maxBytes)}, ${route.maxBytesSetBy ?? "UPLOAD_MAX_BYTES"})`,
  );
}

/** Reads the text fields up to the one file part, which it leaves unread. */
async function readUntilFile(
  request: FastifyRequest,
  route: { fileField: string; what: string; maxFieldBytes?: number },
): Promise<{ fields: Record<string, string>; file: { stream: Readable; name: string } }> {
  const fields: Record<string, string> = {};
  // Stepped by hand, not with for-await: leaving such a loop would end the iteration and with it
  // the file part it stopped at.
  const parts = request.parts();
  for (;;) {
    let next: Awaited<ReturnType<typeof parts.next>>;
    try {
      next = await parts.next();
    } catch (error) {
      // The parser's own refusals (too many parts, a cut field) carry their 4xx; anything else it
      // throws is a body that is not a well-formed form.
      if (error instanceof Error && !hasStatus(error)) throw malformedForm(route.what, error);
      throw error;
    }
    if (next.done === true) {
      throw new HttpError(
        400,
        `The ${route.what} holds no file: send it in the field "${route.fileField}", after the other fields`,
      );
    }
    const part = next.value;
    if (part.type === "file") {
      if (part.fieldname !== route.fileField) {
        part.file.destroy();
        throw new HttpError(
          400,
          `The ${route.what} takes one file, in the field "${route.fileField}", not "${part.fieldname}"`,
        );
      }
      return { fields, file: { stream: part.file, name: part.filename } };
    }
    if (part.fieldname in fields) {
      throw new HttpError(400, `The ${route.what} gives ${part.fieldname} twice`);
    }
    if (part.valueTruncated) {
      // The parser cuts a longer field short without failing: a cut text must not pass as whole.
      throw new HttpError(
        400,
        `${part.fieldname} is longer than the ${String(route.maxFieldBytes ?? defaultMaxFieldBytes)} bytes the ${route.what} takes`,
      );
    }
    fields[part.fieldname] = String(part.value);
  }
}

function formatBytes(bytes: number): string {
  const gib = 1024 ** 3;
  const mib = 1024 ** 2;
  if (bytes >= gib && bytes % gib === 0) return `${String(bytes / gib)} GiB`;
  if (bytes >= mib && bytes % mib === 0) return `${String(bytes / mib)} MiB`;
  return `${String(bytes)} bytes`;
}
