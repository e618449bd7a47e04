import { useLayoutEffect, useState, type RefObject } from "react";

/** The root font size in px: column widths are declared in rem, so they follow the user's zoom. */
function remInPx(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/** Widths closer than this (in rem) are the same layout: no render for a sub-pixel change. */
const stepRem = 0.25;

interface ElementWidth {
  /** The content width in rem; undefined when it cannot be measured (then every column shows). */
  width: number | undefined;
  /**
   * True until the first measure: render nothing width-dependent yet. The measure is taken before
   * the first paint, so what waits for it is never seen late; laid out before it, a table would be
   * laid out twice (with every column, then with those that fit) in the first frame.
   */
  measuring: boolean;
}

/**
 * The content width of the element, in rem, kept up to date with a ResizeObserver. Read before
 * the first paint, so that a table is never painted with the columns of another width.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>): ElementWidth {
  // Undefined until measured; where nothing can be measured, the unknown width at once.
  const [measured, setMeasured] = useState<{ width: number | undefined } | undefined>(() =>
    typeof ResizeObserver === "undefined" ? { width: undefined } : undefined,
  );
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null || typeof ResizeObserver === "undefined") return;
    const update = (px: number) => {
      const rem = Math.floor(px / remInPx() / stepRem) * stepRem;
      setMeasured((previous) => {
        // Hidden (display: none, a closed tab): keep the last width rather than collapse to cards.
        if (rem <= 0) return previous ?? { width: undefined };
        return previous?.width === rem ? previous : { width: rem };
      });
    };
    update(target.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) update(entry.contentRect.width);
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return { width: measured?.width, measuring: measured === undefined };
}
