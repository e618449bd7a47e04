/**
 * A new key for one form submission, sent as `Idempotency-Key` with a creating request: the
 * server does a request once per key, however often it arrives (a retry after a lost answer gets
 * the first answer). 128 random bits in hex; `crypto.getRandomValues`, not `randomUUID`, which
 * browsers offer only to pages served over HTTPS or from localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The request header the server reads the key from. */
export const idempotencyKeyHeader = "Idempotency-Key";
