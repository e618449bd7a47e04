// Text no input of the dashboard's or the cluster's APIs may hold, shared by both so that they
// refuse it with the same words: the NUL character. PostgreSQL cannot store it in a text column
// (a query with one fails, which answered 500), and no name, tag or value needs it.

export const nulCharacterMessage = "must not contain the NUL character (U+0000)";

/**
 * Where the first text holding a NUL character is within a value (a request's parameters, its
 * query or its parsed JSON body), object keys included: its path (`tags.0`; "" for the value
 * itself), or undefined when there is none. Walks lists and plain objects only (data, never a
 * stream or a buffer), without recursion, however deep the value nests.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: "" }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === "string") {
      if (next.value.includes("\0")) return next.path;
      continue;
    }
    if (!isListOrPlainObject(next.value)) continue;
    for (const [key, inner] of Object.entries(next.value)) {
      const path = next.path === "" ? key : `${next.path}.${key}`;
      if (key.includes("\0")) return path;
      pending.push({ value: inner, path });
    }
  }
  return undefined;
}

/**
 * A list, or an object that holds data only: a literal, one without a prototype, or one made by
 * a constructor whose prototype has none (how query-string and router libraries make theirs).
 */
function isListOrPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}
