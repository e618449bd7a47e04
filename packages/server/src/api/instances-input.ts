import type { z } from "zod";
import { ApiError } from "./api-error.ts";

/**
 * Parses a query or body of an `/api/instances...` call with the contract's schema; a value that
 * does not fit is a 400 whose message names each bad field (the contract's messages mostly name
 * the field already: "size must be 30, 50 or 100"; others get its path in front).
 */
export function parseInstancesInput<S extends z.ZodType>(
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

/** A query without its empty values: `?type=` means no type filter, as an absent one does. */
export function withoutEmptyValues(query: unknown): Record<string, unknown> {
  if (typeof query !== "object" || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

/** The `clusterId` of a query (for requireCluster, which says what is wrong with it). */
export function clusterIdOf(query: unknown): unknown {
  return typeof query === "object" && query !== null
    ? (query as { clusterId?: unknown }).clusterId
    : undefined;
}
