import type { NavigateFunction } from "react-router";

/**
 * Follows a plain click on an anchor of this app inside `container` with the router instead of a
 * page load. For long lists: one listener on the list and a plain anchor per row cost far less to
 * render than a router `Link` per row, which runs several hooks each
 * (bench/instances-page.bench.ts). A click with a modifier key, another button, or on an anchor
 * that opens elsewhere is left to the browser (new tab, download).
 */
export function followInAppLink(
  event: MouseEvent,
  container: Element,
  navigate: NavigateFunction,
): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return;
  if ((anchor.target !== "" && anchor.target !== "_self") || anchor.hasAttribute("download")) {
    return;
  }
  if (anchor.origin !== window.location.origin) return;
  event.preventDefault();
  void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
}
