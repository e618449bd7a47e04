import { expect, type Page } from "@playwright/test";

/**
 * The page fits its window: the document scrolls neither sideways nor, inside the dashboard's
 * shell (whose panes scroll on their own), down. A document that scrolls down gets a scrollbar,
 * and with it a sideways scroll of that bar's width; `scrollWidth <= innerWidth` misses both, as
 * the window's width counts the bar.
 */
export async function expectFitsWindow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const inShell = document.querySelector(".l-application") !== null;
    return {
      sideways: root.scrollWidth - root.clientWidth,
      down: inShell ? root.scrollHeight - root.clientHeight : 0,
    };
  });
  expect(overflow, "how far the document scrolls, in pixels").toEqual({ sideways: 0, down: 0 });
}
