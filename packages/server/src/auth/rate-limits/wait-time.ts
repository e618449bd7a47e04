/** The `Retry-After` value for a wait: whole seconds, at least 1. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** A wait in words for people: "20 seconds" under a minute, else rounded up to whole minutes. */
export function describeWait(waitMs: number): string {
  const seconds = retryAfterSeconds(waitMs);
  if (seconds < 60) return `${String(seconds)} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${String(minutes)} ${minutes === 1 ? "minute" : "minutes"}`;
}
