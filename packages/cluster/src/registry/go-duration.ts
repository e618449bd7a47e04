const millisecondsPerUnit: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * A Go duration (`"1h"`, `"1m30s"`, `"500ms"`, as AMS's `*.update_interval` keys take them) in
 * milliseconds; undefined when the text is not one.
 */
export function parseGoDuration(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== text) return undefined;
  return parts.reduce(
    (total, [, amount, unit]) => total + Number(amount) * (millisecondsPerUnit[unit ?? ""] ?? 0),
    0,
  );
}
