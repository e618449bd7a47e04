import { type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { clusterRequest, createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectNoContentSecurityPolicyViolations } from "../helpers/csp.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Instances end to end, against the real server and its embedded cluster: the form creates one,
// it boots, its terminal runs a real shell, it stops and is deleted; bulk actions act on what they
// apply to and report what they left out or the cluster refused.

function statusOf(page: Page) {
  return page.getByRole("main").locator(".detail-page__header [data-status]").first();
}

test("create an instance with the form; it runs, its terminal echoes a command; stop; delete", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, "Linus Torvalds");
  await page.goto("/instances");
  await page.getByRole("link", { name: "Create instance" }).first().click();
  await expectPageTitle(page, "Create instance");

  const name = `e2e-form-${String(Date.now())}`;
  await page.getByLabel("Name").fill(name);
  await expect(page.getByText("The name is free", { exact: true })).toBeVisible();
  // The cluster has no application yet: the form starts from its default image.
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Create and start" }).click();

  await expect(page).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(statusOf(page)).toHaveText("running", { timeout: 20_000 });

  await page.getByRole("tab", { name: "Terminal" }).click();
  const terminal = page.getByRole("group", { name: "Terminal" });
  await expect(terminal.locator(".xterm-rows")).toContainText("#", { timeout: 10_000 });
  await terminal.click();
  await page.keyboard.type("echo hello-$((6*7))\n");
  await expect(terminal.locator(".xterm-rows")).toContainText("hello-42");
  await expectNoContentSecurityPolicyViolations(page); // xterm.js styles its cells inline

  await page.getByRole("button", { name: "Stop" }).click();
  await expect(statusOf(page)).toHaveText("stopped", { timeout: 20_000 });
  // The toast about the stop is resolved by its operation's end.
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByText(`Stopped ${name}`)).toBeVisible();
  await expect(notifications.getByText(`Stopping ${name}`)).toHaveCount(0);
  await expect(
    page.getByText(/The terminal needs a running instance: this one is stopped\./),
  ).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/instances$/);
  await expect(page.getByRole("link", { name })).toHaveCount(0, { timeout: 15_000 });
});

test("a double click on Create makes one instance", async ({ page }) => {
  const instanceIds = async () => {
    const answer = await clusterRequest("GET", "/1.0/instances");
    return new Set(answer.body.metadata as string[]);
  };
  await signUp(page, "Grace Hopper");
  await page.goto("/instances/new");
  await expectPageTitle(page, "Create instance");
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(/.+/);
  const before = await instanceIds();
  // No name: the cluster makes one up, so a second request would make a second instance.
  await page.getByRole("button", { name: "Create", exact: true }).dblclick();
  await expect(page).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);
  const id = page.url().split("/").at(-1) ?? "";
  const made = [...(await instanceIds())].filter((path) => !before.has(path));
  expect(made).toEqual([`/1.0/instances/${id}`]);
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  await page.goto(`/instances?filter.search=${name ?? ""}`);
  await expect(page.getByRole("main").getByRole("link", { name: name ?? "" })).toHaveCount(1);
  await clusterRequest("DELETE", `/1.0/instances/${id}`, { force: true });
});

test("bulk start and stop over three instances, one of them running; a protected one refuses to be deleted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const prefix = `e2e-bulk-${String(Date.now())}`;
  const first = await createInstanceThroughCluster({ name: `${prefix}-a`, no_start: true });
  await createInstanceThroughCluster({ name: `${prefix}-b`, no_start: true });
  const running = await createInstanceThroughCluster({ name: `${prefix}-c` });
  expect(running.id).not.toBe("");
  const protection = await clusterRequest("PATCH", `/1.0/instances/${first.id}`, {
    config: { security: { delete_protected: true } },
  });
  expect(protection.status).toBe(202);

  await signUp(page, "Margaret Hamilton");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/instances?filter.search=${prefix}&orderBy=name&order=asc`);
  const rows = page.getByRole("main").locator("table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText("running");

  // Every row's actions whole in the window, without scrolling sideways (low-priority columns
  // give way); on a phone, each row is a card with its actions.
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(size);
    for (const action of ["Start", "Stop", "Delete"]) {
      const button = rows.nth(2).getByRole("button", { name: `${action} ${prefix}-c` });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    await expectFitsWindow(page);
    await expectNoAccessibilityViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const bulk = page.getByRole("group", { name: "Bulk actions" });
  const selectAll = async () => {
    for (const letter of ["a", "b", "c"]) {
      await page.getByRole("checkbox", { name: `Select ${prefix}-${letter}` }).check();
    }
  };

  // Start: the running one is left out, with the reason.
  await selectAll();
  await bulk.getByRole("button", { name: "Start" }).click();
  const startDialog = page.getByRole("dialog");
  await expect(startDialog).toContainText(`${prefix}-c: Not available for 'running' instances.`);
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await startDialog.getByRole("button", { name: /^Start 2 instances$/ }).click();
  await expect(page.getByText(/Started 2 instances/)).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: "running" })).toHaveCount(3, { timeout: 20_000 });

  // Stop all three.
  await selectAll();
  await bulk.getByRole("button", { name: "Stop" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Stop 3 instances$/ })
    .click();
  await expect(page.getByText(/Stopped 3 instances/)).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: "stopped" })).toHaveCount(3, { timeout: 20_000 });

  // Delete: the cluster refuses the protected one and says why; the two others go.
  await selectAll();
  await bulk.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Delete 3 instances$/ })
    .click();
  await expect(page.getByText(/1 failed/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/protected against deletion/).first()).toBeVisible();
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toContainText(`${prefix}-a`);
});
