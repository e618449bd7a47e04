import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "../helpers/account.ts";
import { expectNoAccessibilityViolations, tabTo } from "../helpers/accessibility.ts";
import { createApplicationThroughCluster } from "../helpers/application-package.ts";
import { clusterRequest, type ClusterTarget } from "../helpers/cluster-api.ts";
import { repositoryRoot, twoClusterDashboard } from "../helpers/product.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// The registry page (issue 17) on a dashboard with two embedded clusters sharing one registry:
// an application uploaded to `default` is pushed to the registry, pulled into `second` (the list
// then shows both clusters holding it) and deleted from the registry; in automatic mode the page
// offers none of this, and says why. The registry is set through each cluster's own API, as an
// operator would; the clusters get their configuration back at the end.

const clusterOf = (clusterId: string): ClusterTarget => ({
  dataDir: twoClusterDashboard.dataDir,
  clusterId,
});
const clusters = twoClusterDashboard.clusterIds.map(clusterOf);
const registryDirectory = join(repositoryRoot, twoClusterDashboard.dataDir, "e2e-registry");

async function setConfig(cluster: ClusterTarget, name: string, value: string): Promise<void> {
  const change = await clusterRequest("PATCH", "/1.0/config", { name, value }, cluster);
  expect(change.status, JSON.stringify(change.body)).toBe(202);
  const waited = await clusterRequest(
    "GET",
    `${change.body.operation ?? ""}/wait?timeout=30`,
    undefined,
    cluster,
  );
  expect((waited.body.metadata as { status?: string }).status).toBe("Success");
}

async function deleteApplicationByName(cluster: ClusterTarget, name: string): Promise<void> {
  const deleted = await clusterRequest("DELETE", `/1.0/applications/${name}`, undefined, cluster);
  if (deleted.body.operation !== undefined) {
    await clusterRequest("GET", `${deleted.body.operation}/wait?timeout=30`, undefined, cluster);
  }
}

/** The page fits the width: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expectFitsWindow(page);
}

const name = `registry-app-${String(Date.now())}`;

test.beforeAll(async () => {
  for (const cluster of clusters) {
    await setConfig(cluster, "registry.url", registryDirectory);
    await setConfig(cluster, "registry.mode", "manual");
  }
  await createApplicationThroughCluster(name, { tags: ["e2e"], cluster: clusterOf("default") });
});

test.afterAll(async () => {
  for (const cluster of clusters) {
    await deleteApplicationByName(cluster, name);
    await setConfig(cluster, "registry.mode", "pull");
    await setConfig(cluster, "registry.url", "");
  }
});

test("push an application to the registry, pull it into the second cluster, delete it; automatic mode offers none of it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, "Jean Sammet", twoClusterDashboard.dataDir);
  await page.goto("/registry?cluster=default");
  await expectPageTitle(page, "Registry");
  await expect(page.getByRole("heading", { name: "Manual mode on default" })).toBeVisible();
  await expect(page.getByText("Push and pull by hand")).toBeVisible();

  // Push: a cluster and one of its applications.
  await page.getByRole("button", { name: "Push", exact: true }).click();
  const pushDialog = page.getByRole("dialog", { name: "Push an application to the registry" });
  await pushDialog.getByLabel("From cluster").selectOption("default");
  await pushDialog.getByLabel("Application").selectOption({ label: name });
  await pushDialog.getByRole("button", { name: "Push", exact: true }).click();
  await expect(pushDialog).toBeHidden();
  await expect(page.getByText(`Pushed ${name} to the registry`)).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toBeVisible();
  await expect(row.locator(".list-table__cell--held-by")).toHaveText("default");
  await expect(row.locator(".list-table__cell--versions")).toHaveText("1 version, newest 0");
  await expect(row.locator(".list-table__cell--tags")).toHaveText("e2e");

  // Pull into the other cluster: the one that holds it is marked, the other proposed.
  await row.getByRole("button", { name: `Pull ${name}` }).click();
  const pullDialog = page.getByRole("dialog", { name: `Pull ${name}` });
  const target = pullDialog.getByLabel("Into cluster");
  await expect(target).toHaveValue("second");
  await expect(target.getByRole("option", { name: "default (holds it already)" })).toBeAttached();
  await pullDialog.getByRole("button", { name: "Pull", exact: true }).click();
  await expect(pullDialog).toBeHidden();
  await expect(page.getByText(`Pulled ${name} into second`)).toBeVisible({ timeout: 30_000 });
  await expect(row.locator(".list-table__cell--held-by")).toHaveText("default, second");

  // Every width without sideways scroll; axe at 1280 and 375.
  for (const width of [1920, 1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("rowheader", { name })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (width === 1280 || width === 375) await expectNoAccessibilityViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Automatic mode (on second): the actions are off, and the page says why.
  await setConfig(clusterOf("second"), "registry.mode", "pull");
  await page.getByLabel("Registry of cluster").selectOption("second");
  await expect(page).toHaveURL(/[?&]cluster=second/);
  await expect(
    page.getByRole("heading", { name: "Automatic mode (pull) on second" }),
  ).toBeVisible();
  await expect(page.getByText(/pulls applications from the registry by itself/)).toBeVisible();
  await expect(page.getByText(/off in automatic mode/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Push", exact: true })).toBeDisabled();
  await expect(row.getByRole("button", { name: `Pull ${name}` })).toBeDisabled();
  await expect(
    row.getByRole("button", { name: `Delete ${name} from the registry` }),
  ).toBeDisabled();
  await expectNoAccessibilityViolations(page);
  await setConfig(clusterOf("second"), "registry.mode", "manual");

  // Delete, by keyboard: the dialog closes with Escape and gives the focus back.
  await page.goto("/registry?cluster=default");
  await expectPageTitle(page, "Registry");
  const deleteButton = row.getByRole("button", { name: `Delete ${name} from the registry` });
  await expect(deleteButton).toBeEnabled();
  await tabTo(page, deleteButton);
  await page.keyboard.press("Enter");
  const deleteDialog = page.getByRole("dialog", { name: `Delete ${name} from the registry` });
  await expect(deleteDialog).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: "[role=dialog]" });
  await page.keyboard.press("Escape");
  await expect(deleteDialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press("Enter");
  await deleteDialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText(`Deleted ${name} from the registry`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("rowheader", { name })).toHaveCount(0);
});

test("a cluster without a registry says how to enable one", async ({ page }) => {
  await setConfig(clusterOf("second"), "registry.url", "");
  try {
    await signUp(page, "Adele Goldberg", twoClusterDashboard.dataDir);
    await page.goto("/registry?cluster=second");
    await expectPageTitle(page, "Registry");
    await expect(page.getByRole("heading", { name: "The registry is not enabled" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Configuration page" })).toHaveAttribute(
      "href",
      "/config/second",
    );
    // Nothing to push to: no dead Push button beside the message.
    await expect(page.getByRole("button", { name: "Push", exact: true })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
  } finally {
    await setConfig(clusterOf("second"), "registry.url", registryDirectory);
  }
});
