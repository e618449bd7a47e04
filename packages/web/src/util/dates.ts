/** The zero time of Go, which the cluster API sends for a date that was never set. */
export const unsetDate = "0001-01-01T00:00:00Z";

export interface DateFormatOptions {
  /** Defaults to the browser's; tests pin it. */
  locale?: string;
  timeZone?: string;
}

/**
 * A date from the API as people read it: nothing for Go's zero time (no value), 'Never' for the
 * Unix epoch (a value meaning "not happened yet"), otherwise the local date and time.
 */
export function formatDate(
  value: string | number | null | undefined,
  options: DateFormatOptions = {},
): string {
  if (value === null || value === undefined || value === "" || value === unsetDate) return "";
  const date = new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return "";
  if (time === 0) return "Never";
  return dateTimeFormat(options).format(date);
}

// Making an Intl formatter costs far more than using one, and a list formats a date per row.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat({ locale, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${timeZone ?? ""}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
    formats.set(key, format);
  }
  return format;
}
