/** A path segment that is `.` or `..`, spelled plainly or percent-encoded (`%2e`, `.%2E`…). */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The URL the router matches: dot segments resolved (`/x/../api/sessions` is `/api/sessions`),
 * as a browser would resolve them, so that no spelling of a path reaches a route other than the one
 * it names or escapes the route it names. Duplicate slashes, a trailing slash and letter case are
 * the router's own options (see app.ts); percent-encoding is decoded by the router. The query
 * string is kept as it is.
 */
export function canonicalUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!dotSegment.test(path)) return url;
  // Leading slashes collapsed first: `//host/x` would otherwise be read as another host.
  const resolved = new URL(path.replace(/^\/+/, "/"), "http://canonical.invalid").pathname;
  return queryAt === -1 ? resolved : `${resolved}${url.slice(queryAt)}`;
}
