/** What the panel shows for a value the browser did not report. */
export const missingValue = "—";

/** Decimals shown per unit: enough to see a change, no more. */
const decimals = { ms: 1, "MBit/s": 2, MB: 1, fps: 0 } as const;

export type StatUnit = keyof typeof decimals;

/** "12.3 ms", "1.52 MBit/s", "4.5 MB", "30 fps"; "—" when missing. */
export function formatStat(value: number | undefined, unit: StatUnit): string {
  if (value === undefined) return missingValue;
  return `${value.toFixed(decimals[unit])} ${unit}`;
}

/** A count (packets, samples), whole. */
export function formatCount(value: number | undefined): string {
  return value === undefined ? missingValue : String(Math.round(value));
}

export function formatText(value: string | number | undefined): string {
  return value === undefined || value === "" ? missingValue : String(value);
}
