import { type Locator, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations, tabTo } from "../helpers/accessibility.ts";
import { apkBytes } from "../helpers/application-package.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// An application's life through the dashboard's own forms, against the real server and its
// embedded cluster: added with an APK (the upload's progress bar, then initializing → ready on its
// page without a reload), an instance made from it runs, a second version is uploaded from the
// Versions tab and published, the edit form locks the name with its reason, a text file renamed
// .apk is refused at once, and the application is deleted. At 1280 and 375 wide, with axe on
// each form, the manifest editor, each tab and the delete dialog, and screenshots of each.

/** What the tests made through the cluster, removed after each so the next file has room left. */
const made: string[] = [];

test.afterEach(async () => {
  for (const path of made.splice(0)) {
    const deleted = await clusterRequest("DELETE", path, { force: true });
    if (deleted.body.operation !== undefined) {
      await clusterRequest("GET", `${deleted.body.operation}/wait?timeout=60`);
    }
  }
});

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expectFitsWindow(page);
}

/** About 1 MB/s up (or no limit), so that the upload's bar is there to be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

function applicationStatus(page: Page) {
  return page.locator(".detail-page__title [data-status]");
}

const apkFile = (name: string, paddingBytes = 0) => ({
  name,
  mimeType: "application/vnd.android.package-archive",
  buffer: apkBytes(paddingBytes),
});

for (const width of [1280, 375]) {
  // At 375 the pages are looked at (layout, axe, keyboard) along the same way; what the cluster
  // does with an instance of it and with publishing is the 1280 run's to prove once.
  const whole = width === 1280;
  test(`at ${String(width)} wide: add with an APK${whole ? ", run an instance" : ""}, a new version, edit, delete`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = `e2e-form-${String(width)}-${String(Date.now())}`;
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, `Ada Lovelace ${String(width)}`);
    await page.goto("/applications");
    await page.getByRole("link", { name: "Add application" }).click();
    await expectPageTitle(page, "Add application");

    // A text file renamed .apk is refused as it is chosen, before any upload.
    const apkField = page.getByLabel(/APK file/);
    await apkField.setInputFiles({
      name: "notes.apk",
      mimeType: "application/vnd.android.package-archive",
      buffer: Buffer.from("just some notes\n"),
    });
    await expect(page.getByText(/notes\.apk is not an APK: it is not a zip file/)).toBeVisible();

    // The keyboard fills the form in: Tab to the name, type it; the file is set (a file dialog
    // cannot be driven), then Tab on to the button and Enter.
    const nameField = page.getByRole("textbox", { name: /^\*? ?Name$/ });
    await page.locator("body").focus();
    await tabTo(page, nameField);
    await page.keyboard.type(name);
    await apkField.setInputFiles(apkFile("game.apk", 3 * 1024 * 1024));
    await expect(page.getByText(/is not an APK/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `add-form-${String(width)}`);

    // The manifest editor, looked at: the form's manifest, with the name typed.
    const customize = page.getByRole("switch", { name: "Customize manifest.yaml" });
    // The switch's input is Vanilla's, drawn by its label: the label is what takes the click.
    await page.getByText("Customize manifest.yaml", { exact: true }).click();
    await expect(customize).toBeChecked();
    await expect(page.getByRole("textbox", { name: "manifest.yaml" })).toContainText(
      `name: ${name}`,
    );
    await expect(page.getByText("The cluster's manifest rules find nothing wrong.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `add-form-editor-${String(width)}`);
    await page.getByText("Customize manifest.yaml", { exact: true }).click();
    await expect(customize).not.toBeChecked();

    await throttleUploads(page, 1024 * 1024);
    const add = page.getByRole("button", { name: "Add application" });
    await tabTo(page, add, 120);
    await page.keyboard.press("Enter");
    const bar = page.getByRole("progressbar", { name: "Uploading game.apk" });
    await expect(bar).toBeInViewport();
    await expect(page.getByText(/ of 3\.\d MB \(\d+%\)/)).toBeVisible();
    // The button sent is disabled while it uploads: the keyboard is left on Cancel upload.
    await expect(page.getByRole("button", { name: "Cancel upload" })).toBeFocused();
    await screenshot(page, testInfo, `add-progress-${String(width)}`);

    // Its page: initializing, then ready, from the cluster's events (no reload).
    await expect(page).toHaveURL(/\/applications\/default\/[0-9a-v]+$/, { timeout: 30_000 });
    await throttleUploads(page, -1);
    await expectPageTitle(page, name);
    const id = page.url().split("/").at(-1) ?? "";
    made.push(`/1.0/applications/${id}`);
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    await expect(applicationStatus(page)).toHaveText(/initializing|ready/);
    const first = await applicationStatus(page).textContent();
    await expect(applicationStatus(page)).toHaveText("ready", { timeout: 30_000 });
    expect(first).toBe("initializing");
    expect(loads).toEqual([]);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `overview-${String(width)}`);

    // An instance from it: the form opens with the application and its version chosen.
    if (whole) {
      await page.getByRole("link", { name: `Create instance from ${name}` }).click();
      await expectPageTitle(page, "Create instance");
      await expect(page.getByLabel("Application", { exact: true })).toHaveValue(id);
      await expect(page.getByLabel("Version", { exact: true })).toHaveValue("0");
      await page.getByRole("button", { name: "Create and start" }).click();
      await expect(page).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);
      made.unshift(`/1.0/instances/${page.url().split("/").at(-1) ?? ""}`);
      await expect(
        page.getByRole("main").locator(".detail-page__header [data-status]").first(),
      ).toHaveText("running", { timeout: 30_000 });
    }

    // A second version, from the Versions tab.
    await page.goto(`/applications/default/${id}/versions`);
    const versions = page.getByRole("table", { name: `Versions of ${name}` }).locator("tbody tr");
    await expect(versions).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page, { within: "#main-content" });
    await page.getByRole("link", { name: "Upload a new version" }).click();
    await expectPageTitle(page, `Edit ${name}`);
    // The edit form: the name locked, with its reason; the focus on the APK field.
    await expect(apkField).toBeFocused();
    await expect(page.getByRole("textbox", { name: /^\*? ?Name$/ })).toHaveCount(0);
    await expect(page.getByText("The cluster cannot rename an application")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAccessibilityViolations(page);
    await screenshot(page, testInfo, `edit-form-${String(width)}`);
    await page.getByRole("textbox", { name: "Version name" }).fill("2.0");
    await apkField.setInputFiles(apkFile("game-2.apk"));
    await page.getByRole("button", { name: "Save" }).click();

    // Back on Versions: version 1 comes, initializing then ready, without a reload.
    await expect(page).toHaveURL(new RegExp(`/applications/default/${id}/versions$`));
    const second = versions.filter({ has: page.getByRole("rowheader", { name: "1" }) });
    await expect(second).toHaveCount(1, { timeout: 15_000 });
    await expect(second.locator("[data-status]")).toHaveText("active", { timeout: 30_000 });
    await expect(second).toContainText("2.0");
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, `versions-${String(width)}`);
    if (whole) await publishAgain(page, second);

    await page.getByRole("tab", { name: "Instances" }).click();
    // The instance made from it, linked.
    await expect(page.getByRole("tabpanel").locator('a[href^="/instances/default/"]')).toHaveCount(
      whole ? 1 : 0,
    );
    await expectNoAccessibilityViolations(page, { within: "#main-content" });
    await page.getByRole("tab", { name: "Overview" }).click();
    await expectNoAccessibilityViolations(page, { within: "#main-content" });

    // Delete: the cluster refuses while an instance runs it, so with its instances (force).
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
    await expect(dialog).toBeVisible();
    await expectNoAccessibilityViolations(page, { within: ".p-modal" });
    await screenshot(page, testInfo, `delete-${String(width)}`);
    await dialog.getByText("Force delete (even while instances use it)").click();
    await expect(dialog.getByRole("checkbox", { name: /Force delete/ })).toBeChecked();
    await dialog.getByRole("button", { name: /^Delete/ }).click();
    await expect(page).toHaveURL(/\/applications$/, { timeout: 15_000 });
    await page.goto(`/applications/default/${id}`);
    await expect(applicationStatus(page).or(page.getByText("Application not found"))).toHaveText(
      /deleted|Application not found/,
      { timeout: 15_000 },
    );
  });
}

test("Back with a name typed asks before dropping it; Cancel keeps it, Leave goes", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signUp(page, "Katherine Johnson");
  await page.goto("/applications");
  await page.getByRole("link", { name: "Add application" }).click();
  await expectPageTitle(page, "Add application");
  const nameField = page.getByRole("textbox", { name: /^\*? ?Name$/ });
  await nameField.fill("com.example.unsaved");

  await page.goBack();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/applications\/add$/);
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await screenshot(page, testInfo, "leave-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(nameField).toHaveValue("com.example.unsaved");

  await page.goBack();
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expectPageTitle(page, "Applications");
});

/** The cluster publishes a new version at once: unpublish it, then publish it again. */
async function publishAgain(page: Page, second: Locator): Promise<void> {
  const published = await second.getByRole("button", { name: /publish version 1$/i }).textContent();
  if (published === "Unpublish") {
    await second.getByRole("button", { name: "Unpublish version 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Unpublish version 1?" });
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(second).toContainText("No");
  }
  await second.getByRole("button", { name: "Publish version 1" }).click();
  const publish = page.getByRole("dialog", { name: "Publish version 1?" });
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await publish.getByRole("button", { name: "Publish" }).click();
  await expect(publish).toHaveCount(0);
  await expect(second.getByRole("button", { name: "Unpublish version 1" })).toBeVisible();
  // An instance of that version: the form opens with it chosen.
  await expect(second.getByRole("link", { name: "Create instance of version 1" })).toHaveAttribute(
    "href",
    /version=1/,
  );
}
