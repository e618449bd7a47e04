import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { firstLoadOf } from "@anbox-dashboard/web/first-load-files";
import { signUp } from "../helpers/account.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { repositoryRoot } from "../helpers/product.ts";

// `make budget` weighs the files the build's manifest says /instances needs before its first row
// (packages/web/performance/first-load-files.ts), as it would /nodes'. Here Chromium, with nothing
// cached, loads each page that starts early: the scripts and stylesheets it asks for before the
// first row is in the document must be those files, no fewer and no more (a dialog's code
// preloaded with the rows, say, would be more: the budget would not count it).

test("before their first row, the early pages fetch the files make budget counts and no others", async ({
  page,
  browser,
  baseURL,
}) => {
  await createInstanceThroughCluster({ name: `first-load-${String(Date.now())}`, no_start: true });
  await signUp(page, "Frances Allen");
  const storageState = await page.context().storageState();
  for (const pathname of ["/instances", "/nodes"]) {
    await test.step(pathname, async () => {
      const cold = await browser.newContext({ baseURL, storageState });
      try {
        await expectFirstLoadAsCounted(await cold.newPage(), pathname);
      } finally {
        await cold.close();
      }
    });
  }
});

async function expectFirstLoadAsCounted(coldPage: Page, pathname: string): Promise<void> {
  await coldPage.addInitScript(() => {
    // The moment the first row enters the document, before it is painted.
    new MutationObserver((_, observer) => {
      if (document.querySelector("main table tbody tr") === null) return;
      (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await coldPage.goto(pathname);
  await expect(coldPage.locator("main table tbody tr").first()).toBeVisible();
  const fetched = await coldPage.evaluate(() => {
    const { firstRowAt } = window as unknown as { firstRowAt: number };
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.startTime < firstRowAt)
      .map((entry) => new URL(entry.name).pathname.slice(1))
      .filter((path) => /\.(js|css)$/.test(path));
  });
  const counted = firstLoadOf(join(repositoryRoot, "packages/web/dist"), pathname);
  expect(fetched.toSorted()).toEqual([...counted.scripts, ...counted.styles].toSorted());
}
