import { expect, test } from "@playwright/test";
import { signUp } from "../helpers/account.ts";
import { clusterRequest } from "../helpers/cluster-api.ts";

// A thousand instances, created through the cluster's own API (stopped: no device needs to boot),
// listed a page at a time: paging, page size, sorting and filters all happen in the cluster, and
// the page says how many match. Runs after the other tests (its own project): the shared cluster
// then holds many instances.

const count = 1000;
const racks = ["a", "b", "c"] as const;

async function createMany(prefix: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const answer = await clusterRequest("POST", "/1.0/instances", {
        name: `${prefix}-${String(index).padStart(4, "0")}`,
        image_id: "jammy:android15:amd64",
        no_start: true,
        tags: [`rack=${racks[index % racks.length] ?? "a"}`],
      });
      if (answer.status !== 202) throw new Error(`create refused: ${JSON.stringify(answer.body)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  // Each create settles as stopped in its own operation: wait until all have.
  await expect
    .poll(
      async () => {
        const listed = await clusterRequest(
          "GET",
          `/1.0/instances?search=${prefix}&status=stopped&limit=1`,
        );
        return (listed.body as { total_size?: number }).total_size;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
}

test("a list of 1,000 instances pages, filters and sorts", async ({ page }) => {
  test.setTimeout(180_000);
  const prefix = `scale-${String(Date.now())}`;
  await createMany(prefix);
  await signUp(page, "Edsger Dijkstra");

  await page.goto(`/instances?filter.search=${prefix}`);
  const main = page.getByRole("main");
  const rows = main.locator("table tbody tr");
  await expect(main.getByText("Showing 1–30 of 1,000")).toBeVisible();
  await expect(rows).toHaveCount(30);

  await main.getByRole("button", { name: "Next" }).click();
  await expect(main.getByText("Showing 31–60 of 1,000")).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  await main.getByLabel("Per page").selectOption("100");
  await expect(main.getByText("Showing 1–100 of 1,000")).toBeVisible();
  await expect(rows).toHaveCount(100);

  const nameHeader = main.getByRole("button", { name: "Name" });
  await nameHeader.click();
  await expect(main.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(rows.first()).toContainText(`${prefix}-0000`);
  await nameHeader.click();
  await expect(rows.first()).toContainText(`${prefix}-0999`);
  await expect(rows.nth(99)).toContainText(`${prefix}-0900`);

  // Every third one is in rack b: 333 of them.
  const tags = main.getByLabel("Tags");
  await tags.fill("rack=b");
  await tags.press("Enter");
  await expect(main.getByText("Showing 1–100 of 333")).toBeVisible();
  await expect(rows.first()).toContainText(`${prefix}-0997`);

  // None runs: a status filter on running leaves nothing, and says so.
  await page.goto(`/instances?filter.search=${prefix}&filter.status=running`);
  await expect(main.getByRole("heading", { name: "No instance matches" })).toBeVisible();
});
