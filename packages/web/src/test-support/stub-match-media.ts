import { vi } from "vitest";

/**
 * jsdom has no `matchMedia`, which react-components' toasts call: a stub where only the reduced
 * motion query matches, so that toasts skip the animations jsdom cannot run (`element.animate`).
 * Undone by `vi.unstubAllGlobals()`.
 */
export function stubMatchMedia(): void {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query.includes("prefers-reduced-motion: reduce"),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })),
  );
}
