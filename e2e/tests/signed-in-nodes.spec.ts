import { type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";

// The nodes page (issue 15): how full each node is, and the node's panel making it unschedulable.
// Other specs share the cluster: the node is made schedulable again at the end, whatever happens.

interface NodeState {
  name: string;
  unschedulable: boolean;
}

async function readNodes(): Promise<NodeState[]> {
  const answer = await clusterRequest("GET", "/1.0/nodes?recursion=1");
  expect(answer.status).toBe(200);
  return answer.body.metadata as NodeState[];
}

async function setUnschedulable(name: string, unschedulable: boolean): Promise<void> {
  const change = await clusterRequest("PATCH", `/1.0/nodes/${name}`, { unschedulable });
  expect(change.status, JSON.stringify(change.body)).toBe(202);
  await clusterRequest("GET", `${change.body.operation ?? ""}/wait?timeout=30`);
}

/** The page as it loads at each width (the URL keeps the panel open), then back at 1280. */
async function screenshots(page: Page, state: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expectPageTitle(page, "Nodes");
    await expect(page.getByRole("rowheader").first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`nodes-${state}-${String(width)}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expectPageTitle(page, "Nodes");
}

let madeUnschedulable: string | undefined;

test.afterEach(async () => {
  if (madeUnschedulable !== undefined) await setUnschedulable(madeUnschedulable, false);
  madeUnschedulable = undefined;
});

test("the nodes page shows how full each node is; its panel makes the node unschedulable and back", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [first] = (await readNodes()).filter((node) => !node.unschedulable);
  if (first === undefined) throw new Error("no schedulable node to work with");
  const name = first.name;

  await signUp(page, "Frances Allen");
  await page.goto("/nodes");
  await expectPageTitle(page, "Nodes");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  // Allocated over capacity, with the share, as text (the bars are drawn under it).
  await expect(row.locator(".list-table__cell--cpu")).toContainText(/\d+\s\/\s\d+\s\(\d+\s%/);
  await expect(row.locator(".list-table__cell--memory")).toContainText(
    /GB\s\/\s\d+(\.\d+)?\sGB\s\(\d+\s%/,
  );
  await expect(row).not.toContainText("Cannot take new instances");
  await expectNoAccessibilityViolations(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.reload();
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, "list");

  // The panel: its state in the URL, the focus inside it.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]node=${name}(&|$)`));
  const panel = page.getByRole("complementary", { name: `Node ${name}` });
  await expect(panel.getByRole("heading", { name: "Instances on this node" })).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".node-panel" });

  // Vanilla draws the box over its input: a person clicks the label.
  madeUnschedulable = name;
  await panel.locator("label", { hasText: "Unschedulable" }).click();
  await panel.getByRole("button", { name: "Save changes" }).click();
  await expect(panel).toContainText("Cannot take new instances: unschedulable", {
    timeout: 10_000,
  });
  await expect(row).toContainText("Cannot take new instances: unschedulable");
  await expect(row).toContainText("Unschedulable");
  await page.setViewportSize({ width: 375, height: 900 });
  await page.reload();
  await expect(panel.getByRole("heading", { name: "Instances on this node" })).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".node-panel" });
  await screenshots(page, "panel-unschedulable");

  // Back as it was, through the panel opened again from its row (the page was reloaded).
  await page.getByRole("button", { name: "Close the node panel" }).click();
  await expect(panel).toHaveCount(0);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await panel.locator("label", { hasText: "Unschedulable" }).click();
  await panel.getByRole("button", { name: "Save changes" }).click();
  await expect(panel).not.toContainText("Cannot take new instances", { timeout: 10_000 });
  await expect(row).not.toContainText("Cannot take new instances");
  madeUnschedulable = undefined;

  // Escape closes the panel and takes it out of the URL; the focus goes back to the row's button.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]node=/);
  await expect(page.getByRole("button", { name: `Edit ${name}` })).toBeFocused();
});

let addedNode: string | undefined;
let placedInstance: string | undefined;

/** Sends a write to the cluster and waits for its operation to end. */
async function clusterWrite(method: string, path: string, body: unknown): Promise<void> {
  const answer = await clusterRequest(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  await clusterRequest("GET", `${answer.body.operation ?? ""}/wait?timeout=30`);
}

test.afterEach(async () => {
  if (placedInstance !== undefined) {
    await clusterRequest("DELETE", `/1.0/instances/${placedInstance}`, { force: true });
  }
  if (addedNode !== undefined) {
    await clusterRequest("DELETE", `/1.0/nodes/${addedNode}`, { force: true });
  }
  placedInstance = undefined;
  addedNode = undefined;
});

test("a node is added, refused removal while an instance is on it, then removed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `e2e-${String(Date.now()).slice(-6)}`;
  await signUp(page, "Kathleen Booth");
  await page.goto("/nodes");
  await expectPageTitle(page, "Nodes");

  await page.getByRole("button", { name: "Add node" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add a node" });
  await expect(addDialog).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  // The contract's rules, before anything is sent.
  await addDialog.getByRole("textbox", { name: "CPUs" }).fill("0");
  await addDialog.getByRole("button", { name: "Add node" }).click();
  await expect(addDialog).toContainText("It must be at least 1");
  await addDialog.getByRole("textbox", { name: "CPUs" }).fill("4");
  await addDialog.getByRole("textbox", { name: "Name" }).fill(name);
  addedNode = name;
  await addDialog.getByRole("button", { name: "Add node" }).click();
  await expect(addDialog).toHaveCount(0);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("online", { timeout: 15_000 });

  // An instance on it: the panel lists it, and the cluster refuses the removal, saying why.
  const instance = `on-${name}`;
  await clusterWrite("POST", "/1.0/instances", {
    name: instance,
    image_id: "jammy:android15:amd64",
    node: name,
  });
  placedInstance = instance;
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const panel = page.getByRole("complementary", { name: `Node ${name}` });
  await expect(panel.getByRole("link", { name: instance })).toBeVisible({ timeout: 15_000 });
  await panel.getByRole("button", { name: "Remove node" }).click();
  const confirm = page.getByRole("dialog", { name: `Remove node ${name}?` });
  await expect(confirm).toBeVisible();
  await expectNoAccessibilityViolations(page, { within: ".p-modal" });
  await confirm.getByRole("button", { name: "Remove node" }).click();
  await expect(confirm).toContainText(`Node ${name} cannot be removed: 1 instance is still on it`);
  await confirm.getByRole("button", { name: "Cancel" }).click();

  // Once the instance is gone, the removal goes through and the row leaves the list.
  await clusterWrite("DELETE", `/1.0/instances/${instance}`, { force: true });
  placedInstance = undefined;
  await panel.getByRole("button", { name: "Remove node" }).click();
  await page
    .getByRole("dialog", { name: `Remove node ${name}?` })
    .getByRole("button", { name: "Remove node" })
    .click();
  await expect(panel).toHaveCount(0);
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  addedNode = undefined;
});
