/**
 * A request's query or path parameters as what they hold, unknown until checked: Fastify parses
 * both into plain objects, and a route that reads a field says what it must be (no cast).
 */
export function fieldsOf(source: unknown): Readonly<Record<string, unknown>> {
  if (typeof source !== "object" || source === null) return {};
  return Object.fromEntries(Object.entries(source));
}

/** A text field of a query or of path parameters; undefined when absent, empty or not text. */
export function textOf(source: unknown, name: string): string | undefined {
  const value = fieldsOf(source)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}
