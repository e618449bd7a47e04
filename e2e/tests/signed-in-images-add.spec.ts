import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { imagePackage } from "../helpers/image-package.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Adding images end to end, against the real server and its embedded cluster: import one by name
// from the image server, and upload a generated package with its progress bar; the list shows the
// new image without a reload. Axe on the modal; the modal fits 375 wide.

/** The list's row of the image `name` of `type` (a container and a VM image may share a name). */
function imageRow(page: Page, name: string, type: "Container" | "VM") {
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .filter({ hasText: type })
    .first();
}

/** Removes the VM image `name` through the cluster (absent already is fine). */
async function removeVmImage(name: string): Promise<void> {
  const answer = await clusterRequest("DELETE", `/1.0/images/${name}?type=vm`, { force: true });
  if (answer.body.operation !== undefined) {
    await clusterRequest("GET", `${answer.body.operation}/wait?timeout=30`);
  }
}

async function openAddImage(page: Page) {
  await page.getByRole("button", { name: "Add image" }).click();
  const dialog = page.getByRole("dialog", { name: "Add image" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("imports an image by name from the image server, and the list shows it", async ({ page }) => {
  test.setTimeout(60_000);
  const name = "jammy:aaos15:amd64";
  await removeVmImage(name);
  await signUp(page, "Grace Hopper");
  await page.goto("/images?filter.search=aaos15");
  await expectPageTitle(page, "Images");
  await expect(imageRow(page, name, "Container")).toBeVisible();
  await expect(imageRow(page, name, "VM")).toHaveCount(0);

  const dialog = await openAddImage(page);
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
  await dialog.getByText("Virtual machine", { exact: true }).click();
  await dialog.getByRole("button", { name: "Import image" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(imageRow(page, name, "VM")).toBeVisible();

  // The same again: the cluster's refusal, in its words, in the form.
  const again = await openAddImage(page);
  await again.getByRole("textbox", { name: /Name/ }).fill(name);
  await again.getByText("Virtual machine", { exact: true }).click();
  await again.getByRole("button", { name: "Import image" }).click();
  await expect(again.getByRole("alert")).toContainText("already exists");
});

for (const width of [1280, 375]) {
  test(`at ${String(width)} wide: uploads a package with a progress bar, and the list shows the image`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, `Frances Allen ${String(width)}`);
    await page.goto("/images");
    await expectPageTitle(page, "Images");
    const name = `uploaded-${randomUUID().slice(0, 8)}`;

    const dialog = await openAddImage(page);
    await dialog.getByText("Upload an image package", { exact: true }).click();
    await dialog.getByLabel(/Image package/).setInputFiles({
      name: "my-image.tar.gz",
      mimeType: "application/gzip",
      buffer: imagePackage(3 * 1024 * 1024),
    });
    await dialog.getByRole("textbox", { name: /Name/ }).fill(name);
    await expectFitsWindow(page);
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await page.screenshot({ path: test.info().outputPath(`add-image-${String(width)}.png`) });

    // A slow link, so that the bar is there to be seen: about 1 MB/s up.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await dialog.getByRole("button", { name: "Upload image" }).click();
    const bar = dialog.getByRole("progressbar", { name: "Uploading the image package" });
    await expect(bar).toBeVisible();
    await expect(dialog.getByText(/ of 3\.\d MB \(\d+%\)/)).toBeVisible();
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await page.screenshot({
      path: test.info().outputPath(`add-image-progress-${String(width)}.png`),
    });
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Without a reload first: the events and the mutation refresh the list; then by its search.
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    await page.goto(`/images?filter.search=${name}`);
    await expect(imageRow(page, name, "Container")).toBeVisible();
  });
}
