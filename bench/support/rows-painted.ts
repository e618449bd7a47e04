import type { Page } from "playwright-core";

/** What the rows must show: at least so many, or (at least one and) every one with this text. */
export type RowsWanted = { atLeast: number } | { allInclude: string };

/**
 * Milliseconds to the end of the first frame painted with the rows `wanted` among the elements
 * matching `selector`: from the navigation's start (`performance.now()`), or with `fromKeydown`,
 * from the next keydown (the event's time stamp: when the browser received the key).
 *
 * The page is watched with a MutationObserver: once a change of the document shows the rows, an
 * animation frame callback is asked for; that frame paints them, in the same task. A task posted
 * from the callback runs once the frame is painted, which is when the time is read. It is posted
 * at the scheduler's user-blocking priority so that it runs before the tasks already queued:
 * React queues the commit's effects as an ordinary task before the frame, and a plain message
 * would wait behind them (20–70 ms after the rows are on screen, in Chromium traces; this mark is
 * 5–11 ms after the paint ends, the compositor's tasks between).
 *
 * Not a check in every animation frame until the rows are there: asking for a frame each time
 * made the browser render one whenever it could (a pre-paint and a layerize of 2–12 ms each on
 * this machine), between the slices of a React render too, frames the page alone would not have:
 * the measure slowed what it measured (traces of a search keystroke: ~25 ms of 130).
 */
export function whenRowsPainted(
  page: Page,
  selector: string,
  wanted: RowsWanted,
  { fromKeydown = false } = {},
): Promise<number> {
  return page.evaluate(
    ({ selector: rowSelector, wanted: want, fromKeydown: afterKey }) =>
      new Promise<number>((resolve) => {
        const shown = () => {
          const rows = [...document.querySelectorAll(rowSelector)];
          if ("atLeast" in want) return rows.length >= want.atLeast;
          return rows.length > 0 && rows.every((row) => row.textContent.includes(want.allInclude));
        };
        const watch = (started: number) => {
          const markPaint = () => {
            requestAnimationFrame(() => {
              // Chromium's Prioritized Task Scheduling API (not in TypeScript's DOM library yet).
              const { scheduler } = window as unknown as {
                scheduler: {
                  postTask: (task: () => void, options: { priority: "user-blocking" }) => unknown;
                };
              };
              void scheduler.postTask(
                () => {
                  resolve(performance.now() - started);
                },
                { priority: "user-blocking" },
              );
            });
          };
          if (shown()) {
            markPaint();
            return;
          }
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            observer.disconnect();
            markPaint();
          });
          observer.observe(document, { childList: true, subtree: true, characterData: true });
        };
        if (!afterKey) {
          watch(0);
          return;
        }
        document.addEventListener(
          "keydown",
          (event) => {
            watch(event.timeStamp);
          },
          { once: true, capture: true },
        );
      }),
    { selector, wanted, fromKeydown },
  );
}

/** The rows of the dashboard's list pages. */
export const listRowsSelector = "main table tbody tr";

/**
 * Milliseconds from a fresh navigation to `url` to the end of the first frame painted with at
 * least `rows` rows of its list (from a blank page, so that nothing of the last one is reused).
 */
export async function timeFirstRows(page: Page, url: string, rows: number): Promise<number> {
  await page.goto("about:blank");
  await page.goto(url, { waitUntil: "commit" });
  return whenRowsPainted(page, listRowsSelector, { atLeast: rows });
}
