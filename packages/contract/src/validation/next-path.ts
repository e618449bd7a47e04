/**
 * Where to go after sign-in: only a path on this dashboard. A path must start with a single `/`
 * (`//host` and `/\host` are other sites to a browser); anything else becomes `/`, so that the
 * login link cannot be used to bounce people to another site (open redirect). The server checks
 * `/api/login?next=` with it, and the login page the `next` it goes to when someone is signed in
 * already.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length > 2000) return "/";
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn `/\t/x` into `//x`.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return "/";
  return next;
}
