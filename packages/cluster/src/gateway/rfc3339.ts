/** A Unix time in seconds as RFC 3339 text in UTC, to the second ("2030-01-31T12:00:00Z"). */
export function rfc3339(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}
