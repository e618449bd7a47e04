import type { z } from "zod";
import { ApiError } from "../http/api-error.ts";

/**
 * Parses a query or body of an `/api/...` call with the contract's schema; a value that does not
 * fit is a 400 whose message names each bad field, all of them at once (the contract's messages
 * mostly name the field already: "size must be 30, 50 or 100"; others get its path in front).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    if (path === "" || issue.message.startsWith(path)) return issue.message;
    return `${path}: ${issue.message}`;
  });
  throw new ApiError(400, `Invalid ${what}: ${problems.join("; ")}.`);
}
