import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { firstLoadOf } from "@anbox-dashboard/web/first-load-files";
import { signUp } from "../helpers/account.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { repositoryRoot } from "../helpers/product.ts";

// `make budget` weighs the files the build's manifest says /instances needs before its first row
// (packages/web/performance/first-load-files.ts). Here Chromium, with nothing cached, loads the
// page: the scripts and stylesheets it asks for before the first row is in the document must be
// those files, no fewer and no more (a dialog's code preloaded with the rows, say, would be more:
// the budget would not count it).

test("before its first row, /instances fetches the files make budget counts and no others", async ({
  page,
  browser,
  baseURL,
}) => {
  await createInstanceThroughCluster({ name: `first-load-${String(Date.now())}`, no_start: true });
  await signUp(page, "Frances Allen");
  const cold = await browser.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  try {
    const coldPage = await cold.newPage();
    await coldPage.addInitScript(() => {
      // The moment the first row enters the document, before it is painted.
      new MutationObserver((_, observer) => {
        if (document.querySelector("main table tbody tr") === null) return;
        (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await coldPage.goto("/instances");
    await expect(coldPage.locator("main table tbody tr").first()).toBeVisible();
    const fetched = await coldPage.evaluate(() => {
      const { firstRowAt } = window as unknown as { firstRowAt: number };
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime < firstRowAt)
        .map((entry) => new URL(entry.name).pathname.slice(1))
        .filter((path) => /\.(js|css)$/.test(path));
    });
    const counted = firstLoadOf(join(repositoryRoot, "packages/web/dist"), "/instances");
    expect(fetched.toSorted()).toEqual([...counted.scripts, ...counted.styles].toSorted());
  } finally {
    await cold.close();
  }
});
