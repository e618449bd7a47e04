// What Tab can reach: links, enabled controls and anything with a tab index of 0 or more.
const focusableSelector = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "[contenteditable='true']",
  "[tabindex]",
].join(", ");

function isShown(element: HTMLElement): boolean {
  for (let current: HTMLElement | null = element; current; current = current.parentElement) {
    const style = window.getComputedStyle(current);
    if (style.display === "none" || style.visibility === "hidden") return false;
  }
  return true;
}

/** The elements of `container` that Tab stops at, in document order (tab index -1 excluded). */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => element.tabIndex >= 0 && isShown(element),
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from its last element Tab goes to its first, and
 * back. Answers whether it moved the focus (the event's default is then prevented).
 */
export function wrapTabInside(container: HTMLElement, event: KeyboardEvent): boolean {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return false;
  const elements = focusableElements(container);
  const first = elements[0];
  const last = elements[elements.length - 1];
  if (!first || !last) {
    // Nothing to Tab to: the focus stays where it is, inside.
    event.preventDefault();
    return true;
  }
  const active = document.activeElement;
  const outside = !(active instanceof Node) || !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    first.focus();
  } else {
    return false;
  }
  event.preventDefault();
  return true;
}

/**
 * Moves the focus to the first element Tab reaches after `container` (or, `backward`, the last
 * one before it), as Tab would from its edge: for widgets that keep Tab for themselves (the
 * terminal). Answers whether there was one.
 */
export function focusBeside(container: HTMLElement, backward: boolean): boolean {
  const outside = focusableElements(document.body).filter(
    (element) => !container.contains(element),
  );
  const after = (element: HTMLElement) =>
    (container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const target = backward
    ? outside.filter((element) => !after(element)).at(-1)
    : outside.find((element) => after(element));
  target?.focus();
  return target !== undefined;
}
