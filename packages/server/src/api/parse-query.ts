import { ApiError } from "./api-error.ts";

/**
 * What the server needs of a contract schema (a zod schema fits). Spelled out here so that the
 * server depends on the contract's schemas, not on zod itself.
 */
export interface QuerySchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A request's query string, checked against a contract schema whose messages name their
 * parameter; otherwise a 400 listing every bad parameter, so that one answer says all to fix.
 */
export function parseQuery<T>(schema: QuerySchema<T>, query: unknown): T {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new ApiError(400, `Invalid query: ${messages.join("; ")}.`);
}
