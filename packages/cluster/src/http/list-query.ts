import { z } from "zod";
import { parseInput } from "./validate.ts";

/** The paging and recursion parameters every AMS collection takes. */
export interface ListQuery {
  recursion: boolean;
  limit: number | undefined;
  offset: number;
}

export const maxListLimit = 1000;

const listQuerySchema = z.object({
  recursion: z.enum(["0", "1", "2", "true", "false"]).optional(),
  limit: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(maxListLimit, `must be at most ${maxListLimit}`)
    .optional(),
  offset: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must not be negative")
    .optional(),
});

export function parseListQuery(query: unknown): ListQuery {
  const parsed = parseInput(listQuerySchema.loose(), query ?? {}, "list parameters");
  return {
    recursion: parsed.recursion === "1" || parsed.recursion === "2" || parsed.recursion === "true",
    limit: parsed.limit,
    offset: parsed.offset ?? 0,
  };
}
