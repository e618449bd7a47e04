/**
 * What a change did to a list, as its audit entry says it: "added a, b; removed c" (each named
 * once, in the order given), or "" when nothing was added nor removed.
 */
export function listChange(
  noun: string,
  before: readonly string[],
  after: readonly string[],
): string {
  const had = new Set(before);
  const has = new Set(after);
  const added = [...has].filter((item) => !had.has(item));
  const removed = [...had].filter((item) => !has.has(item));
  return [
    added.length > 0 ? `${noun} added: ${added.join(", ")}` : "",
    removed.length > 0 ? `${noun} removed: ${removed.join(", ")}` : "",
  ]
    .filter((part) => part !== "")
    .join("; ");
}
