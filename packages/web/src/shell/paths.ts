/** Paths that open without signing in: no auth check, no navigation, no status bar. */
const publicPathPrefixes = ["/stream/", "/login", "/forbidden", "/register"] as const;

export function isPublicPath(pathname: string): boolean {
  return publicPathPrefixes.some((prefix) => pathname.startsWith(prefix));
}

/** The virtual-desktop view fills the window: no navigation, no status bar. */
export function isVdiPath(pathname: string): boolean {
  return pathname.startsWith("/vdi");
}

/** The root path only redirects or says what is missing: no navigation. */
export function isLandingPath(pathname: string): boolean {
  return pathname === "/";
}
