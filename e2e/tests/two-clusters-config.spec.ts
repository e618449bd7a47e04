import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations, tabTo } from "../helpers/accessibility.ts";
import {
  clusterRequest,
  createInstanceThroughCluster,
  type ClusterTarget,
} from "../helpers/cluster-api.ts";
import { twoClusterDashboard } from "../helpers/product.ts";
import { expectPageTitle, mainNavigation } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// The configuration page (issue 17) on a dashboard with two embedded clusters: a new user finds
// `scheduler.strategy` by searching, sets it to binpack, sees the cluster hold it (through the
// cluster's own API) and the page keep it after a reload; a value the browser lets through but the
// cluster refuses is refused at its field in the cluster's words; the picker shows the second
// cluster. The clusters get their configuration back at the end, whatever happens.

const clusterOf = (clusterId: string): ClusterTarget => ({
  dataDir: twoClusterDashboard.dataDir,
  clusterId,
});

async function clusterConfig(clusterId: string): Promise<Record<string, unknown>> {
  const answer = await clusterRequest("GET", "/1.0/config", undefined, clusterOf(clusterId));
  expect(answer.status).toBe(200);
  return (answer.body.metadata as { config: Record<string, unknown> }).config;
}

async function setConfig(clusterId: string, name: string, value: string): Promise<void> {
  const cluster = clusterOf(clusterId);
  const change = await clusterRequest("PATCH", "/1.0/config", { name, value }, cluster);
  expect(change.status, JSON.stringify(change.body)).toBe(202);
  await clusterRequest("GET", `${change.body.operation ?? ""}/wait?timeout=30`, undefined, cluster);
}

/** A key's block on the page, found by the heading of its name. */
function keyBlock(page: Page, name: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
}

/** The page fits the width: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expectFitsWindow(page);
}

test.afterEach(async () => {
  for (const clusterId of twoClusterDashboard.clusterIds) {
    await setConfig(clusterId, "scheduler.strategy", "spread");
  }
});

test("a new user finds a key, changes it, keeps it; the cluster's refusal shows at the field", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, "Frances Allen", twoClusterDashboard.dataDir);
  await mainNavigation(page).getByRole("link", { name: "Configuration" }).click();
  await expectPageTitle(page, "Configuration");
  await expect(page.getByRole("combobox", { name: "Cluster" })).toHaveValue("default");

  // Found by a word of its description, the search kept in the URL.
  await page.getByRole("searchbox", { name: "Search" }).fill("loaded node");
  await expect(page).toHaveURL(/search=loaded/);
  const strategy = keyBlock(page, "scheduler.strategy");
  await expect(strategy).toBeVisible();
  await expect(keyBlock(page, "images.url")).toHaveCount(0);

  // Changed with the keyboard alone: marked until saved.
  const select = strategy.getByRole("combobox", { name: "Value of scheduler.strategy" });
  await tabTo(page, select);
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("binpack");
  await expect(strategy.getByText("Changed, not saved")).toBeVisible();
  await tabTo(page, strategy.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  await expect(strategy.getByText("Changed, not saved")).toHaveCount(0);
  await expect(strategy.getByRole("definition").last()).toHaveText("binpack");

  // The cluster holds it (its own API), the second cluster does not, and a reload keeps it.
  expect((await clusterConfig("default"))["scheduler.strategy"]).toBe("binpack");
  expect((await clusterConfig("second"))["scheduler.strategy"]).toBe("spread");
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("loaded node");
  await expect(select).toHaveValue("binpack");
  await expect(strategy.getByRole("button", { name: "Reset to default" })).toBeEnabled();

  // A URL the browser cannot judge, refused by the cluster at the field, in its words.
  await page.getByRole("searchbox", { name: "Search" }).fill("images.url");
  const imagesUrl = keyBlock(page, "images.url");
  const field = imagesUrl.getByRole("textbox", { name: "Value of images.url" });
  await field.fill("not a url");
  await imagesUrl.getByRole("button", { name: "Save" }).click();
  const refusal = imagesUrl.getByText(/images\.url.*must be an http/);
  await expect(refusal).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" ")).toContain(await refusal.getAttribute("id"));
  await expect(imagesUrl.getByText("Changed, not saved")).toBeVisible();
  expect((await clusterConfig("default"))["images.url"]).not.toBe("not a url");

  // A duration is checked in the browser first: nothing is sent.
  await page.getByRole("searchbox", { name: "Search" }).fill("update_interval");
  const interval = keyBlock(page, "images.update_interval");
  await interval.getByRole("textbox").fill("soon");
  await interval.getByRole("button", { name: "Save" }).click();
  await expect(interval.getByText(/Must be a duration/)).toBeVisible();
  expect((await clusterConfig("default"))["images.update_interval"]).not.toBe("soon");

  // The picker shows the second cluster, keeping the search; the keys changed and not saved
  // above would be dropped, so it asks first.
  await page.getByRole("combobox", { name: "Cluster" }).selectOption("second");
  await page
    .getByRole("dialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Leave" })
    .click();
  await expect(page).toHaveURL(/\/config\/second\?search=update_interval/);
  await expect(page.getByRole("combobox", { name: "Cluster" })).toHaveValue("second");
  await page.getByRole("searchbox", { name: "Search" }).fill("strategy");
  await expect(
    keyBlock(page, "scheduler.strategy").getByRole("combobox", {
      name: "Value of scheduler.strategy",
    }),
  ).toHaveValue("spread");

  // An unknown cluster says so.
  await page.goto("/config/nowhere");
  await expectPageTitle(page, "Cluster not found");
});

/** The node the cluster placed an instance on. */
async function nodeOf(target: ClusterTarget, id: string): Promise<string> {
  const answer = await clusterRequest("GET", `/1.0/instances/${id}`, undefined, target);
  return (answer.body.metadata as { node: string }).node;
}

async function writeAndWait(target: ClusterTarget, method: string, path: string, body?: unknown) {
  const answer = await clusterRequest(method, path, body, target);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  await clusterRequest("GET", `${answer.body.operation ?? ""}/wait?timeout=30`, undefined, target);
}

test("the strategy set on the page decides where the cluster places the next instances", async ({
  page,
}) => {
  const second = clusterOf("second");
  // Two nodes with room: where an instance goes is the strategy's choice.
  await writeAndWait(second, "POST", "/1.0/nodes", { name: "lxd-spare", cpus: 16, memory: "32GB" });
  const made: string[] = [];
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page, "Edsger Dijkstra", twoClusterDashboard.dataDir);
    await page.goto("/config/second?search=strategy");
    const strategy = keyBlock(page, "scheduler.strategy");
    await strategy
      .getByRole("combobox", { name: "Value of scheduler.strategy" })
      .selectOption("binpack");
    await strategy.getByRole("button", { name: "Save" }).click();
    await expect(strategy.getByRole("definition").last()).toHaveText("binpack");

    // Binpack: the second instance joins the first on its node (a started instance holds its
    // CPU and memory there; a stopped one would not weigh on the choice).
    for (const name of ["packed-1", "packed-2"]) {
      made.push((await createInstanceThroughCluster({ name }, second)).id);
    }
    const [first, packed] = await Promise.all(made.map((id) => nodeOf(second, id)));
    expect(packed).toBe(first);

    // Back to spread (the default): the next one goes to the other, emptier node.
    await strategy.getByRole("button", { name: "Reset to default" }).click();
    await expect(strategy.getByRole("definition").last()).toHaveText("spread");
    expect((await clusterConfig("second"))["scheduler.strategy"]).toBe("spread");
    made.push((await createInstanceThroughCluster({ name: "spread-1" }, second)).id);
    expect(await nodeOf(second, made[2] ?? "")).not.toBe(first);
  } finally {
    for (const id of made) {
      await writeAndWait(second, "DELETE", `/1.0/instances/${id}`, { force: true });
    }
    await writeAndWait(second, "DELETE", "/1.0/nodes/lxd-spare", { force: true });
  }
});

test("fits every width without sideways scroll and passes axe", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, "Kathleen Booth", twoClusterDashboard.dataDir);
  await page.goto("/config");
  await expectPageTitle(page, "Configuration");
  await expect(keyBlock(page, "scheduler.strategy")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  for (const width of [375, 768, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expectPageTitle(page, "Configuration");
    await expect(keyBlock(page, "scheduler.strategy")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`config-${String(width)}.png`) });
  }
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoAccessibilityViolations(page);
});
