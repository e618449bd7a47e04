import type { z } from "zod";
import type { RefusalWording } from "./refusal-wording.ts";

/** Parses a request's query, body or path parameter with a schema, for `parseInput`. */
export type InputParser = <S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: string,
) => z.output<S>;

/**
 * The one way both APIs read their input: a value that fits the schema is returned as the schema
 * reads it; one that does not is a 400 (in the API's words) whose message names each bad field at
 * once ("Invalid instance: resources.cpus: must be at least 1"). A message that names its field
 * already ("size must be 30, 50 or 100") does not get the field's path in front.
 */
export function inputParser(wording: RefusalWording): InputParser {
  return (schema, input, what) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const problems = result.error.issues.map((issue) => {
      const path = issue.path.map(String).join(".");
      if (path === "" || issue.message.startsWith(`${path} `)) return issue.message;
      return `${path}: ${issue.message}`;
    });
    throw wording.error(400, `Invalid ${what}: ${problems.join("; ")}`);
  };
}
