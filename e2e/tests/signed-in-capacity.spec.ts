import { type Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";
import { expectPageTitle } from "../helpers/shell.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";

// Room before create (issue 15): the create form asks the cluster whether a node can take the
// instance, and says why not before anything is pressed. Other specs share the cluster: every node
// made unschedulable here is made schedulable again, whatever happens.

interface NodeState {
  name: string;
  unschedulable: boolean;
}

async function readNodes(): Promise<NodeState[]> {
  const answer = await clusterRequest("GET", "/1.0/nodes?recursion=1");
  expect(answer.status).toBe(200);
  return answer.body.metadata as NodeState[];
}

/** Changes a node through the cluster's API (as an operator would) and waits for it to apply. */
async function setUnschedulable(name: string, unschedulable: boolean): Promise<void> {
  const change = await clusterRequest("PATCH", `/1.0/nodes/${name}`, { unschedulable });
  expect(change.status, JSON.stringify(change.body)).toBe(202);
  const waited = await clusterRequest("GET", `${change.body.operation ?? ""}/wait?timeout=30`);
  expect((waited.body.metadata as { status: string }).status).toBe("Success");
}

const roomSection = (page: Page) => page.getByRole("region", { name: "Room on the nodes" });

async function screenshots(page: Page, state: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // The page scrolls inside its main region: one picture of the answer, one of the buttons.
    await roomSection(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`room-${state}-${String(width)}.png`) });
    await page.getByRole("button", { name: "Create and start" }).scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`actions-${state}-${String(width)}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let unschedulableHere: string[] = [];

test.afterEach(async () => {
  for (const name of unschedulableHere) await setUnschedulable(name, false);
  unschedulableHere = [];
});

test("with no schedulable node, the create form says why it cannot create, before Create is pressed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, "Barbara Liskov");
  await page.goto("/instances/new");
  await expectPageTitle(page, "Create instance");
  const room = roomSection(page);
  const create = page.getByRole("button", { name: "Create", exact: true });
  const createAndStart = page.getByRole("button", { name: "Create and start" });

  // A small size fits on the cluster as it starts.
  await expect(room).toContainText("A node can take this instance");
  await expect(room).toContainText("The most free on any schedulable node:");
  await expect(create).toBeEnabled();
  await screenshots(page, "fits");

  // The only node (every node, should another spec have added one) stops taking instances.
  const nodes = await readNodes();
  expect(nodes.length).toBeGreaterThan(0);
  for (const node of nodes.filter((candidate) => !candidate.unschedulable)) {
    unschedulableHere.push(node.name);
    await setUnschedulable(node.name, true);
  }

  // No reload: the node's lifecycle event makes the form ask the cluster again.
  await expect(room.getByRole("heading", { name: "No node can take this instance" })).toBeVisible();
  await expect(room).toContainText(
    "No node is available: every node is offline, unschedulable or lacks the required tags.",
  );
  await expect(room).toContainText("No node can take new instances now.");
  await expect(room.getByRole("link", { name: "See the nodes" })).toHaveAttribute("href", "/nodes");
  await expect(create).toBeDisabled();
  await expect(createAndStart).toBeDisabled();
  await expect(
    page.getByText("Creating is unavailable: no node can take an instance of this size now."),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await screenshots(page, "no-room");

  // Schedulable again: the form follows, still without a reload.
  for (const name of unschedulableHere) await setUnschedulable(name, false);
  unschedulableHere = [];
  await expect(room).toContainText("A node can take this instance");
  await expect(create).toBeEnabled();
});
