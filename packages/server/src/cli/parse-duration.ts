const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export const minimumValidityMs = unitMs.m;
export const maximumValidityMs = 30 * unitMs.d;

/**
 * Reads a validity like "30m", "1h", "2d" (a whole number and a unit) into milliseconds; undefined
 * when it is not one or lies outside a minute to 30 days.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,6})([mhd])$/.exec(text.trim());
  if (!match) return undefined;
  const [, amount = "", unit = "m"] = match;
  const ms = Number(amount) * unitMs[unit as keyof typeof unitMs];
  if (ms < minimumValidityMs || ms > maximumValidityMs) return undefined;
  return ms;
}

/** "1 hour", "30 minutes", "2 days 3 hours": how long a link stays valid, for people. */
export function describeDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.round(ms / unitMs.m);
  for (const [name, minutes] of [
    ["day", 1440],
    ["hour", 60],
    ["minute", 1],
  ] as const) {
    const count = Math.floor(rest / minutes);
    rest -= count * minutes;
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
  }
  return parts.join(" ") || "less than a minute";
}
