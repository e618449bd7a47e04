/** The element that has the keyboard focus, or undefined when nothing does (the body has it). */
export function focusedElement(): HTMLElement | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/**
 * The current page's heading (`PageLayout` makes it focusable): where the focus goes when what
 * opened an overlay is gone, or when nothing opened it (the update modal shows by itself). While
 * the page is still loading it has no heading yet: then its main region (focusable, tabindex -1).
 */
function pageHeading(): HTMLElement | undefined {
  return (
    document.querySelector<HTMLElement>("#main-content h1[tabindex]") ??
    document.querySelector<HTMLElement>("#main-content[tabindex]") ??
    undefined
  );
}

/**
 * Gives the focus back after an overlay closed: to `opener` while it is still on the page and
 * can take it, else to the page's heading. Only when the focus was inside the overlay or was
 * dropped with it (on the body): a user who had moved on (clicked elsewhere) keeps their place.
 */
export function returnFocus(opener: HTMLElement | undefined, overlay: HTMLElement | null): void {
  const active = focusedElement();
  const insideOverlay = active !== undefined && overlay?.contains(active) === true;
  if (active !== undefined && !insideOverlay) return;
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  pageHeading()?.focus();
}

/**
 * Moves the focus to the page's heading: before an overlay closes on something it removed (a
 * deleted row's button would take the focus back, then vanish with its row, dropping it).
 */
export function focusPageHeading(): void {
  pageHeading()?.focus();
}
