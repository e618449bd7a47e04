import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { clusterRequest, createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { currentDashboard } from "../helpers/product.ts";
import { pauseCluster } from "../helpers/cluster-process.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Live events: an instance created through the cluster's own API (as another client would) shows
// up in the status bar and on the operations page without a reload, and its operation ends there
// as a success; a cluster that does not answer ends, after the retries, in a failure notification.

test("an instance started through the cluster shows in the status bar while its operation runs", async ({
  page,
}) => {
  await signUp(page, "Ada Lovelace");
  await page.goto("/images");
  const statusBar = page.getByRole("contentinfo");
  await expect(statusBar.getByText(/in progress/)).toHaveCount(0);

  const created = await clusterRequest("POST", "/1.0/instances", {
    name: `status-bar-${String(Date.now())}`,
    image_id: "jammy:android15:amd64",
  });
  expect(created.status).toBe(202);
  // The virtual device boots in a few steps: the status bar counts its operation meanwhile.
  const running = statusBar.getByRole("link", { name: /1 operations? in progress\.\.\./ });
  await expect(running).toBeVisible({ timeout: 10_000 });
  // It leads to the operations; followed by its address, as a click would race the device's
  // boot (on a loaded run the operation ended, and the link went, before the click landed).
  await expect(running).toHaveAttribute("href", "/operations");
  await page.goto("/operations");
  await expectPageTitle(page, "Operations");
  // Once the device runs, nothing is in progress any more.
  await expect(statusBar.getByText(/in progress/)).toHaveCount(0, { timeout: 20_000 });
});

test("an operation started through the cluster appears on /operations and ends in success", async ({
  page,
}) => {
  await signUp(page, "Grace Hopper");

  await page.goto("/operations");
  await expectPageTitle(page, "Operations");
  const instanceName = `live-${Date.now()}`;
  const created = await clusterRequest("POST", "/1.0/instances", {
    name: instanceName,
    image_id: "jammy:android15:amd64",
  });
  expect(created.status).toBe(202);

  // No reload: the events socket tells the page, which refetches the list.
  const row = page.getByRole("row").filter({ hasText: "Creating instance" }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Success", { timeout: 15_000 });
  // The operation names its instance by id; the list shows the instance's name.
  await expect(row.getByRole("link", { name: `instance ${instanceName}` })).toBeVisible();

  // Filtered by what it acts on, through the URL. Vanilla draws the boxes over their inputs: a
  // person clicks the label.
  const type = (label: string) => page.locator("label", { hasText: label });
  await page.getByRole("button", { name: /^Type/ }).click();
  await type("Images").click();
  await expect(page.getByRole("checkbox", { name: "Images" })).toBeChecked();
  await expect(page).toHaveURL(/filter\.type=images/);
  await expect(page.getByRole("row").filter({ hasText: instanceName })).toHaveCount(0);
  await type("Images").click();
  await type("Instances").click();
  await expect(page).toHaveURL(/filter\.type=instances$/);
  await expect(page.getByRole("row").filter({ hasText: instanceName }).first()).toBeVisible();
  // With the drop-down open, and as cards on a phone with the filters folded away.
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await expectFitsWindow(page);
  await expectNoAccessibilityViolations(page);
});

test("a cluster that does not answer ends in the events failure notification after the retries, and is heard again once back", async ({
  page,
}) => {
  // The relay finds the cluster hung within two pings (10 s apart); then six attempts, each waiting
  // for the cluster up to the server's 10 s (clusters/cluster-call.ts), and the retry delays between
  // them; then a try every 15 s, which hears it once it answers again.
  test.setTimeout(160_000);
  await signUp(page, "Barbara Liskov");
  await page.goto("/operations");
  await expectPageTitle(page, "Operations");

  const resume = pauseCluster(currentDashboard().dataDir, "default");
  try {
    // The open events connection is dropped as hung; the new ones the page tries never open.
    await expect(
      page.getByText("Failed to connect to the events websocket of cluster default").first(),
    ).toBeVisible({ timeout: 100_000 });
  } finally {
    resume();
  }
  await expect(
    page.getByText("Cluster default answers again: its pages are live").first(),
  ).toBeVisible({ timeout: 40_000 });
});

test("an open terminal is no operation in progress; its row on /operations says it was a terminal and has ended", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, "Ken Thompson");
  const { id } = await createInstanceThroughCluster({
    name: `shell-${String(Date.now())}`,
    desired_status: "running",
  });
  await page.goto(`/instances/default/${id}`);
  await page.getByRole("tab", { name: "Terminal" }).click();
  const terminal = page.getByRole("group", { name: "Terminal" });
  await expect(terminal.locator(".xterm-rows")).toContainText("#", { timeout: 15_000 });
  // The shell's operation runs as long as the terminal is open (the dashboard lists it running),
  // and the status bar does not count it.
  await expect
    .poll(async () => {
      const answer = await page.request.get("/api/operations");
      const body = (await answer.json()) as { metadata: { class: string; status: string }[] };
      return body.metadata.some((op) => op.class === "websocket" && op.status === "Running");
    })
    .toBe(true);
  const statusBar = page.getByRole("contentinfo", { name: "Status bar" });
  await expect(statusBar.getByText(/in progress/)).toHaveCount(0);

  await mainNavigation(page).getByRole("link", { name: "Operations" }).click();
  await expectPageTitle(page, "Operations");
  const row = page.getByRole("row").filter({ hasText: "Terminal session" }).first();
  await expect(row).toContainText(/Terminal session, ended, exit code \d+/, { timeout: 15_000 });
  await expectNoAccessibilityViolations(page);
});

test("a list drawn as cards keeps its sort buttons on one line at 375", async ({ page }) => {
  await signUp(page, "Frances Allen");
  await createInstanceThroughCluster({ name: `cards-${String(Date.now())}` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/instances");
  const header = page.getByRole("table", { name: "Instances" }).getByRole("row").first();
  await expect(header.getByRole("button", { name: /Created/ })).toBeAttached();
  // Every sort button of the header row on the same line (the instances list has six).
  const lines = await header.evaluate(
    (row) =>
      new Set(
        [...row.querySelectorAll("button")].map((button) =>
          Math.round(button.getBoundingClientRect().top),
        ),
      ).size,
  );
  expect(lines).toBe(1);
  await expectFitsWindow(page);
});
