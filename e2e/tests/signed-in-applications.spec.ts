import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { createApplicationThroughCluster } from "../helpers/application-package.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Applications end to end, against the real server and its embedded cluster: applications
// uploaded through the cluster's own API show in the list; an application's page shows its
// fields, manifest, versions and instances; a version is unpublished and published again; two
// applications are deleted at once. At 1280 and 375 wide, with axe on the list, each tab and the
// delete dialog, and a screenshot of each.

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The applications a test made, removed after it: the instance form then starts from an image. */
const made: string[] = [];

test.afterEach(async () => {
  for (const id of made.splice(0)) {
    const deleted = await clusterRequest("DELETE", `/1.0/applications/${id}`, { force: true });
    if (deleted.body.operation !== undefined) {
      await clusterRequest("GET", `${deleted.body.operation}/wait?timeout=60`);
    }
  }
});

for (const width of [1280, 375]) {
  test(`at ${String(width)} wide: the list, an application's tabs, publishing and a bulk delete`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const prefix = `e2e-app-${String(width)}-${String(Date.now())}`;
    const racer = `${prefix}-racer`;
    const chess = `${prefix}-chess`;
    const notes = `${prefix}-notes`;
    const { id: racerId } = await createApplicationThroughCluster(racer, {
      tags: ["app_type_automotive"],
    });
    made.push(racerId);
    made.push((await createApplicationThroughCluster(chess)).id);
    made.push((await createApplicationThroughCluster(notes)).id);

    await page.setViewportSize({ width, height: 900 });
    await signUp(page, `Grace Hopper ${String(width)}`);
    await page.goto(`/applications?filter.search=${prefix}`);
    await expectPageTitle(page, "Applications");
    await expect(rowOf(page, racer)).toContainText("ready");
    await expect(rowOf(page, racer)).toContainText("Automotive");
    await expect(rowOf(page, chess)).toContainText("Mobile");
    await expect(page.getByRole("link", { name: "Add application" })).toHaveAttribute(
      "href",
      "/applications/add",
    );
    await expect(rowOf(page, racer).getByRole("link", { name: `Edit ${racer}` })).toHaveAttribute(
      "href",
      `/applications/edit/default/${racerId}`,
    );
    await expect(
      rowOf(page, racer).getByRole("link", { name: `Create instance from ${racer}` }),
    ).toHaveAttribute("href", new RegExp(`application=${racerId}`));
    await expectFitsWindow(page);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `list-${String(width)}`);

    // The page: every field and the manifest.
    await rowOf(page, racer).getByRole("link", { name: racer, exact: true }).click();
    await expectPageTitle(page, racer);
    await expect(page.getByRole("tab", { name: "Overview", selected: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "jammy:android15:amd64" })).toBeVisible();
    await expect(page.locator("pre")).toContainText(`name: ${racer}`);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `overview-${String(width)}`);

    // Versions: unpublish the only version, then publish it again, each confirmed.
    await page.getByRole("tab", { name: "Versions" }).click();
    await expect(page).toHaveURL(/\/versions$/);
    const version = page.getByRole("table", { name: `Versions of ${racer}` }).locator("tbody tr");
    await expect(version).toHaveCount(1);
    await expect(version).toContainText("Yes");
    await expectNoAccessibilityViolations(page, { within: "#main-content" });
    await screenshot(page, testInfo, `versions-${String(width)}`);
    if (width === 1280) {
      // Every heading whole, at a tablet's width too (a fixed layout cut them to "VE… ST… PU…").
      const headings = page
        .getByRole("table", { name: `Versions of ${racer}` })
        .getByRole("columnheader");
      const cut = () =>
        headings.evaluateAll((cells) =>
          cells
            .filter((cell) => cell.scrollWidth > cell.clientWidth)
            .map((cell) => cell.textContent),
        );
      expect(await cut()).toEqual([]);
      await page.setViewportSize({ width: 768, height: 900 });
      expect(await cut()).toEqual([]);
      await expectFitsWindow(page);
      await page.setViewportSize({ width, height: 900 });
    }
    await version.getByRole("button", { name: "Unpublish version 0" }).click();
    let dialog = page.getByRole("dialog", { name: "Unpublish version 0?" });
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await expect(dialog).toHaveCount(0);
    // No reload: the cluster's events refresh the page.
    await expect(version).toContainText("No");
    await expect(
      page.getByRole("button", { name: `Create instance from ${racer}` }),
    ).toHaveAttribute("aria-disabled", "true");
    await version.getByRole("button", { name: "Publish version 0" }).click();
    dialog = page.getByRole("dialog", { name: "Publish version 0?" });
    await dialog.getByRole("button", { name: "Publish" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(version).toContainText("Yes");
    await expect(page.getByRole("link", { name: `Create instance from ${racer}` })).toBeVisible();

    await page.getByRole("tab", { name: "Instances" }).click();
    await expect(page.getByText(`No instance runs ${racer}.`)).toBeVisible();
    await expectNoAccessibilityViolations(page, { within: "#main-content" });
    await screenshot(page, testInfo, `instances-${String(width)}`);

    // The delete dialog, looked at and left.
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    dialog = page.getByRole("dialog", { name: `Delete ${racer}?` });
    await expect(dialog).toBeVisible();
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await screenshot(page, testInfo, `delete-${String(width)}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    // Two at once from the list; the third stays.
    await page.goto(`/applications?filter.search=${prefix}`);
    await rowOf(page, chess)
      .getByRole("checkbox", { name: `Select ${chess}` })
      .check();
    await rowOf(page, notes)
      .getByRole("checkbox", { name: `Select ${notes}` })
      .check();
    await page
      .getByRole("group", { name: "Bulk actions" })
      .getByRole("button", { name: "Delete" })
      .click();
    dialog = page.getByRole("dialog", { name: "Delete 2 applications?" });
    await expect(dialog).toContainText(chess);
    await expect(dialog).toContainText(notes);
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await screenshot(page, testInfo, `bulk-delete-${String(width)}`);
    await dialog.getByRole("button", { name: "Delete 2 applications" }).click();
    await expect(page.getByText("Deleted 2 applications")).toBeVisible();
    await expect(rowOf(page, chess)).toHaveCount(0);
    await expect(rowOf(page, notes)).toHaveCount(0);
    await expect(rowOf(page, racer)).toHaveCount(1);

    // A link to an application that is not there says so, not a page titled with the id.
    await page.goto("/applications/default/no-such-application");
    await expectPageTitle(page, "Application not found");
  });
}
