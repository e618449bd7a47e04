import type { Page } from "playwright-core";

/**
 * Milliseconds from the navigation's start to the end of the first frame painted with at least
 * `rows` elements matching `selector` (`performance.now()` counts from the navigation's start).
 *
 * The page is looked at in animation frame callbacks: a frame whose callbacks see the rows paints
 * them. A message posted from such a callback is handled once that frame is painted (the frame's
 * rendering comes first in the same task), which is when the time is read.
 */
export function whenRowsPainted(page: Page, selector: string, rows: number): Promise<number> {
  return page.evaluate(
    ({ selector: rowSelector, rows: wanted }) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (document.querySelectorAll(rowSelector).length >= wanted) {
            const painted = new MessageChannel();
            painted.port1.onmessage = () => {
              resolve(performance.now());
            };
            painted.port2.postMessage(null);
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    { selector, rows },
  );
}
