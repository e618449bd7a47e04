import { z } from "zod";
import { withoutEmptyValues } from "./query-values.ts";

// Schemas of the parts of a request, for a route's `schema` (read by the type provider, refused
// in parseInput's words), beside the contract's.

/** A route's `:id` (an instance, an application, an image: by id, or by name where it may be). */
export const idParams = z.object({ id: z.string().min(1) }).describe("path");

/** A share link's `:token` (the routes that manage one, and the public page that uses one). */
export const shareTokenParams = z.object({ token: z.string() }).describe("path");

/** A view of a stream, as its join named it (`view_id`): what its page keeps and leaves. */
export const viewIdSchema = z.string({ message: "must be the view_id its join answered" }).max(64);
export const viewQuery = z.looseObject({ view: viewIdSchema }).describe("query");

/**
 * A list's query schema for a route's `schema.querystring`: its empty values dropped first (as
 * `withoutEmptyValues`), refusals named `what` ("instance list query").
 */
export function listQuery<Schema extends z.ZodType>(schema: Schema, what: string) {
  return z.preprocess(withoutEmptyValues, schema).describe(what);
}

/** A body that may be left out, read as `{}` (its fields' defaults), refusals named `what`. */
export function bodyOrEmpty<Schema extends z.ZodType>(schema: Schema, what: string) {
  return z.preprocess((body) => body ?? {}, schema).describe(what);
}
