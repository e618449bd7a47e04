const absoluteFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "medium",
});
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "5 minutes ago", "yesterday", "now": the largest unit that fits. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === "second") {
      return relativeFormat.format(Math.trunc(seconds / size), unit);
    }
  }
  return iso;
}

/** The date and time in the reader's locale. */
export function absoluteTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : absoluteFormat.format(time);
}
