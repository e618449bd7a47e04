import type { z } from "zod";
import { HttpError } from "./http-error.ts";

/**
 * Parses a request body or query with a schema, answering 400 with a message that names each bad
 * field ("resources.cpus: expected a whole number of at least 1") when it does not fit.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  throw new HttpError(400, `Invalid ${what}: ${problems.join("; ")}`);
}
