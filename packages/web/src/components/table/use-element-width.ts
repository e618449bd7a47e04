import { useLayoutEffect, useState, type RefObject } from "react";

/** The root font size in px: column widths are declared in rem, so they follow the user's zoom. */
function remInPx(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/** Widths closer than this (in rem) are the same layout: no render for a sub-pixel change. */
const stepRem = 0.25;

/**
 * The last list width measured in this tab for a window of this width (sessionStorage): a reload,
 * or the next list page, renders its rows at once with it instead of first measuring an empty
 * frame (a forced layout of the page, then a second render before the first paint: ~25 ms of the
 * nodes page's first paint, bench/nodes-page.bench.ts). The measure still follows before the
 * first paint, and corrects a width that changed (a side panel open, say).
 */
function rememberedKey(): string {
  return `list-width:${String(window.innerWidth)}`;
}

function rememberedWidth(): number | undefined {
  try {
    const value = Number(window.sessionStorage.getItem(rememberedKey()));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function rememberWidth(rem: number): void {
  try {
    window.sessionStorage.setItem(rememberedKey(), String(rem));
  } catch {
    // Storage refused (private mode, quota): the next page measures first.
  }
}

interface ElementWidth {
  /** The content width in rem; undefined when it cannot be measured (then every column shows). */
  width: number | undefined;
  /**
   * True until the first measure, unless a width is remembered: render nothing width-dependent
   * yet. The measure is taken before the first paint, so what waits for it is never seen late;
   * laid out before it, a table would be laid out twice (with every column, then with those that
   * fit) in the first frame.
   */
  measuring: boolean;
}

/**
 * The content width of the element, in rem, kept up to date with a ResizeObserver. Read before
 * the first paint, so that a table is never painted with the columns of another width.
 */
export function useElementWidth(element: RefObject<HTMLElement | null>): ElementWidth {
  // Undefined until measured, unless remembered; where nothing can be measured, the unknown width.
  const [measured, setMeasured] = useState<{ width: number | undefined } | undefined>(() => {
    if (typeof ResizeObserver === "undefined") return { width: undefined };
    const remembered = rememberedWidth();
    return remembered === undefined ? undefined : { width: remembered };
  });
  useLayoutEffect(() => {
    const target = element.current;
    if (target === null || typeof ResizeObserver === "undefined") return;
    // What was last written, so that a window drag (a report each frame) writes only the
    // widths that change.
    let lastWritten: string | undefined;
    const update = (px: number) => {
      const rem = Math.floor(px / remInPx() / stepRem) * stepRem;
      const entry = `${rememberedKey()}=${String(rem)}`;
      if (rem > 0 && entry !== lastWritten) {
        rememberWidth(rem);
        lastWritten = entry;
      }
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
