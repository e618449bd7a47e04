import type { Page } from "playwright-core";

/**
 * Milliseconds from the navigation's start to the end of the first frame painted with at least
 * `rows` elements matching `selector` (`performance.now()` counts from the navigation's start).
 *
 * The page is looked at in animation frame callbacks: a frame whose callbacks see the rows paints
 * them, in the same task. A task posted from such a callback runs once that frame is painted, which
 * is when the time is read. It is posted at the scheduler's user-blocking priority so that it runs
 * before the tasks already queued: React queues the commit's effects as an ordinary task before the
 * frame, and a plain message would wait behind them (up to ~40 ms here, after the rows are on
 * screen).
 */
export function whenRowsPainted(page: Page, selector: string, rows: number): Promise<number> {
  return page.evaluate(
    ({ selector: rowSelector, rows: wanted }) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (document.querySelectorAll(rowSelector).length >= wanted) {
            // Chromium's Prioritized Task Scheduling API (not in TypeScript's DOM library yet).
            const { scheduler } = window as unknown as {
              scheduler: {
                postTask: (task: () => void, options: { priority: "user-blocking" }) => unknown;
              };
            };
            void scheduler.postTask(
              () => {
                resolve(performance.now());
              },
              { priority: "user-blocking" },
            );
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    { selector, rows },
  );
}
