import type { Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { runDashboardCli } from "../helpers/dashboard-cli.ts";
import { currentDashboard } from "../helpers/product.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Issue 38's audit trail, as two people use the dashboard: a tester in "testers" creates an
// instance with the form and is refused another's delete (forced by hand); an admin finds each of
// their steps on the Audit page, filtered by the tester's address, with its outcome, opens one
// whole, and downloads the CSV of the same filter, which holds the same rows.

function testerEmail(stamp: string): string {
  return `tess-${stamp}@example.com`;
}

/** The rows of the Audit page's table: [action, outcome], as shown. */
async function auditRows(page: Page): Promise<[string, string][]> {
  const rows = page.getByRole("table", { name: "Audit trail" }).locator("tbody tr");
  const shown: [string, string][] = [];
  for (const row of await rows.all()) {
    shown.push([
      await row.getByRole("rowheader").innerText(),
      await row.locator("[class^='p-status-label']").innerText(),
    ]);
  }
  return shown;
}

test("a tester's day is on the Audit page, and the CSV export of the same filter holds the same rows", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now());
  const dataDir = currentDashboard().dataDir;
  const testers = `testers-${stamp}`;
  await runDashboardCli(["group", "create", testers], dataDir);
  await runDashboardCli(
    [
      "group",
      "permission",
      "add",
      testers,
      "cluster:default",
      "can_view",
      "can_create_instances",
      "can_stream",
    ],
    dataDir,
  );
  const other = await createInstanceThroughCluster({ name: `e2e-audit-${stamp}`, no_start: true });

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signUp(admin, `Ada ${stamp}`, dataDir, ["admin"]);

  // The tester: an instance made with the form, and someone else's delete forced by hand.
  const testerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tester = await testerContext.newPage();
  await signUp(tester, `Tess ${stamp}`, dataDir, [testers], testerEmail(stamp));
  await tester.goto("/instances/new");
  const name = `e2e-audit-own-${stamp}`;
  await tester.getByLabel("Name").fill(name);
  await expect(tester.getByText("The name is free", { exact: true })).toBeVisible();
  await tester.getByRole("button", { name: "Create", exact: true }).click();
  await expect(tester).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);
  const refused = await tester.evaluate(async (id) => {
    const answer = await fetch(`/api/instances/${id}?clusterId=default`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return answer.status;
  }, other.id);
  expect(refused).toBe(403);
  await testerContext.close();

  // The admin finds it all, filtered by the tester's address.
  await admin.goto(`/audit?filter.identity=${encodeURIComponent(testerEmail(stamp))}`);
  const table = admin.getByRole("table", { name: "Audit trail" });
  await expect(table.locator("tbody tr")).toHaveCount(3);
  const summary = await auditRows(admin);
  expect(summary).toEqual([
    ["DELETE /api/instances/:id", "Refused"],
    ["POST /api/instances", "Done"],
    ["registration", "Done"],
  ]);
  await expectNoAccessibilityViolations(admin, { within: "#main-content" });
  await expectFitsWindow(admin);

  // The refusal, whole: what was missing, and a way back to the row.
  const details = admin.getByRole("button", { name: /^Details of DELETE \/api\/instances\/:id/ });
  await details.click();
  const panel = admin.getByRole("complementary", { name: "Audit entry" });
  await expect(panel.getByText(`needs can_delete on instance:default/${other.id}`)).toBeVisible();
  await expect(panel.getByText(testers)).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(details).toBeFocused();

  // The CSV of the same filter: the same rows, in the same order.
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  const stream = await file.createReadStream();
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]?.split(",").slice(0, 5)).toEqual([
    "at",
    "identity_id",
    "actor",
    "groups",
    "action",
  ]);
  const actions = lines.slice(1).map((line) => line.split(",")[4]);
  expect(actions).toEqual(summary.map(([action]) => action));

  // At a phone's width too.
  await admin.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeVisible();
  await expectFitsWindow(admin);
  await adminContext.close();
});
