/** What a log shows in place of a secret. */
export const redacted = "[redacted]";

/**
 * Query parameters whose values are credentials: registration and join tokens, the relying
 * party's authorization code and PKCE verifier, the ID token a logout sends as a hint, and
 * anything named like a secret or password.
 */
const secretQueryKeys = new Set([
  "token",
  "secret",
  "registration",
  "code",
  "code_verifier",
  "id_token_hint",
  "id_token",
  "access_token",
  "refresh_token",
  "client_secret",
  "password",
  "xsrf",
]);

/**
 * Path segments that are credentials: the share link's token (`/stream/<token>` in the browser,
 * `/api/public/streams/<token>` for its calls, `/api/shares/<token>` to revoke it). Matched in any
 * letter case and with repeated slashes, as the router matches them.
 */
const secretPathSegment = /(\/(?:stream|streams|shares)\/+)[^/]+/gi;

/**
 * A request URL as a log may show it: the values of secret query parameters and the share tokens
 * in paths replaced by `[redacted]`, everything else kept as it came (for finding the request).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path.replace(secretPathSegment, `$1${redacted}`);
  if (queryAt === -1) return safePath;
  const safeQuery = url
    .slice(queryAt + 1)
    .split("&")
    .map((parameter) => {
      const equalsAt = parameter.indexOf("=");
      const key = equalsAt === -1 ? parameter : parameter.slice(0, equalsAt);
      return secretQueryKeys.has(decodedKey(key)) ? `${key}=${redacted}` : parameter;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

/** The key as the server reads it (`%74oken` and `TOKEN` are caught too); undecodable: as is. */
function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll("+", " ")).trim().toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}
