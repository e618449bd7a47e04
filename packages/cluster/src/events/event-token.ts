import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short-lived tokens for the events websocket (`POST /1.0/events/auth`): a JWT signed with
 * HMAC-SHA256 (HS256) by the cluster's `tokenSecret`, with `aud: "events"`, `iat` and `exp`.
 * A browser cannot set headers on a websocket, so it sends the token as `?secret=<token>`;
 * the short life limits what a token leaked in a URL (logs, history) is worth.
 */
export const eventsTokenLifetimeSeconds = 5 * 60;
export const eventsTokenAudience = "events";

interface TokenClaims {
  aud: string;
  iat: number;
  exp: number;
}

export type TokenCheck = { valid: true } | { valid: false; reason: string };

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString("base64url");
}

function sign(data: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(data).digest();
}

export function createEventsToken(
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  lifetimeSeconds = eventsTokenLifetimeSeconds,
): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims: TokenClaims = {
    aud: eventsTokenAudience,
    iat: nowSeconds,
    exp: nowSeconds + lifetimeSeconds,
  };
  const payload = base64url(JSON.stringify(claims));
  return `${header}.${payload}.${base64url(sign(`${header}.${payload}`, secret))}`;
}

/** Checks signature, algorithm, audience and expiry; the reason is meant for the refused client. */
export function verifyEventsToken(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): TokenCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { valid: false, reason: "the token is not a JWT" };
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, "base64url");
  // Compare in constant time so the signature cannot be guessed byte by byte.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: "the token's signature is not valid" };
  }
  const parsedHeader = parseJson(header);
  if (parsedHeader?.alg !== "HS256") return { valid: false, reason: "the token is not HS256" };
  const claims = parseJson(payload);
  if (claims?.aud !== eventsTokenAudience) {
    return { valid: false, reason: "the token is not meant for the events websocket" };
  }
  if (typeof claims.exp !== "number") return { valid: false, reason: "the token has no expiry" };
  if (claims.exp <= nowSeconds) {
    return {
      valid: false,
      reason: "the token has expired; ask POST /1.0/events/auth for a new one",
    };
  }
  return { valid: true };
}

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
