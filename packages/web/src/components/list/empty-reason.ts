/**
 * Why an answer holds no rows: there is nothing at all, the filters hide it all, or the page is
 * past the end (the list shrank since it was opened). Undefined when it holds some.
 */
export type EmptyReason = "none" | "no-match" | "past-end";

export function whyEmpty(
  rowCount: number,
  total: number,
  filtered: boolean,
): EmptyReason | undefined {
  if (rowCount > 0) return undefined;
  if (total > 0) return "past-end";
  return filtered ? "no-match" : "none";
}
