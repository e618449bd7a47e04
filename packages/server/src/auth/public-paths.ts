/**
 * The `/api/...` calls anyone may make without a session: what the login page needs, the sign-in
 * itself, registration (which is how a first account comes to exist), and the public stream
 * page's calls (a share link's token is their key).
 */
const publicApiPaths = new Set(["/api/auth-info", "/api/login", "/api/oidc/callback"]);

/** Every path starting with one of these is public: `/api/registration`, `/api/registration/x`… */
const publicApiPrefixes: readonly string[] = ["/api/registration", "/api/public/"];

/** Prefixes under which every route needs a session unless public. */
export const protectedPrefixes: readonly string[] = ["/api/", "/ams/"];

export function isPublicApiPath(path: string): boolean {
  return publicApiPaths.has(path) || publicApiPrefixes.some((prefix) => path.startsWith(prefix));
}
