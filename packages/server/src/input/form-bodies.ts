import type { FastifyInstance } from "fastify";
import { HttpError } from "@anbox-dashboard/http-kit";

/** The exec form holds two numbers: anything near this size is not one. */
const formBodyLimit = 16 * 1024;

/**
 * Lets a route of this scope take its body as form data too (SPEC section 7: the exec call posts
 * its height and width as a form): `application/x-www-form-urlencoded` and `multipart/form-data`,
 * text fields only, each as a string for the route's schema to read.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: formBodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  scope.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: formBodyLimit },
    (request, body, done) => {
      try {
        done(null, parseMultipartFields(String(body), request.headers["content-type"] ?? ""));
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)), undefined);
      }
    },
  );
}

/**
 * The text fields of a `multipart/form-data` body (RFC 7578); file parts are left out. Small and
 * strict, for small forms: a dependency for two numbers would be more to trust than this.
 */
export function parseMultipartFields(body: string, contentType: string): Record<string, string> {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (boundary === undefined) {
    throw new HttpError(400, "The multipart form names no boundary in its content type.");
  }
  const parts = body.split(`--${boundary}`);
  const last = parts.at(-1) ?? "";
  if (parts.length < 2 || !last.startsWith("--")) {
    throw new HttpError(400, "The multipart form is incomplete: its closing boundary is missing.");
  }
  const fields: [string, string][] = [];
  for (const part of parts.slice(1, -1)) {
    const headerEnd = part.indexOf("\r\n\r\n");
    if (!part.startsWith("\r\n") || headerEnd < 0 || !part.endsWith("\r\n")) {
      throw new HttpError(400, "The multipart form has a malformed part.");
    }
    const headers = part.slice(2, headerEnd);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined || /;\s*filename\*?=/i.test(disposition)) continue;
    fields.push([name, part.slice(headerEnd + 4, -2)]);
  }
  return Object.fromEntries(fields);
}
