/** Reads a JSON text column, falling back when it is empty or damaged rather than failing a whole list. */
export function parseJsonColumn<T>(text: string, fallback: T): T {
  if (text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function parseStringArray(text: string): string[] {
  const value = parseJsonColumn<unknown>(text, []);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}
