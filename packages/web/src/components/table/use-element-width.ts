import { useLayoutEffect, useState, type RefObject } from "react";

/** The root font size in px: column widths are declared in rem, so they follow the user's zoom. */
function remInPx(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/** Widths closer than this (in rem) are the same layout: no render for a sub-pixel change. */
const stepRem = 0.25;

/**
 * The content width of the element, in rem, kept up to date with a ResizeObserver; undefined
 * until measured, and where the browser has no ResizeObserver (then every column shows). Read
 * before the first paint, so that a table is never painted with the columns of another width.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null || typeof ResizeObserver === "undefined") return;
    const update = (px: number) => {
      const rem = Math.floor(px / remInPx() / stepRem) * stepRem;
      // Hidden (display: none, a closed tab): keep the last width rather than collapse to cards.
      if (rem > 0) setWidth(rem);
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
  return width;
}
