import type { Page } from "@playwright/test";
import { expect, test } from "../helpers/cluster-test.ts";
import { signUp } from "../helpers/account.ts";
import { createInstanceThroughCluster } from "../helpers/cluster-api.ts";
import { createStreamableInstance } from "../helpers/streamable-instance.ts";
import { runDashboardCli } from "../helpers/dashboard-cli.ts";
import { currentDashboard } from "../helpers/product.ts";
import { expectNoAccessibilityViolations } from "../helpers/accessibility.ts";
import { expectFitsWindow } from "../helpers/fits-window.ts";

// Issue 38's audit trail and quotas, as two people in two groups use the dashboard: the admin
// sets "testers" to 1 running instance (on the group's panel) and 1 concurrent stream; a tester
// creates and starts an instance with the form, finds Create and start disabled by the quota,
// has a start refused, watches a stream (a second one refused), shares it, and is refused
// another's delete (forced by hand); the admin finds each step on the Audit page, filtered by the
// tester's address, with its outcome, opens one whole, and downloads the CSV of the same
// filter, which holds the same rows.

/** A call to the API from the page (as its scripts make it): the status, body and message. */
async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; message: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      const parsed: unknown = text === "" ? undefined : JSON.parse(text);
      const message =
        typeof parsed === "object" && parsed !== null && "message" in parsed
          ? String(parsed.message)
          : "";
      return { status: answer.status, body: parsed, message };
    },
    { method, path, body },
  );
}

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
      "can_share",
    ],
    dataDir,
  );
  await runDashboardCli(["group", "limit", "set", testers, "concurrent_streams", "1"], dataDir);
  const other = await createInstanceThroughCluster({ name: `e2e-audit-${stamp}`, no_start: true });
  const [watched, second] = [
    await createStreamableInstance("e2e-audit-stream"),
    await createStreamableInstance("e2e-audit-stream-2"),
  ];

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signUp(admin, `Ada ${stamp}`, dataDir, ["admin"]);
  // The admin limits the testers' running instances on the group's panel.
  await admin.goto("/permissions/groups");
  await admin.getByRole("button", { name: `Edit ${testers}` }).click();
  const editor = admin.getByRole("complementary", { name: `Group ${testers}` });
  const addLimit = editor.getByRole("group", { name: "Add a limit" });
  await addLimit.getByLabel("Limit", { exact: true }).selectOption("running_instances");
  await addLimit.getByLabel("At most").fill("1");
  // Enter adds it (it does not send the group's form).
  await addLimit.getByLabel("At most").press("Enter");
  await expect(editor.getByRole("table", { name: "Limits" })).toContainText(
    "running instancesover all clusters1",
  );
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);

  // The tester: an instance made with the form, and someone else's delete forced by hand.
  const testerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tester = await testerContext.newPage();
  await signUp(tester, `Tess ${stamp}`, dataDir, [testers], testerEmail(stamp));
  await tester.goto("/instances/new");
  const name = `e2e-audit-own-${stamp}`;
  await tester.getByLabel("Name").fill(name);
  await expect(tester.getByText("The name is free", { exact: true })).toBeVisible();
  await tester.getByRole("button", { name: "Create and start" }).click();
  await expect(tester).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);

  // Its one running instance is all the quota allows: the form says so before it is sent.
  await tester.goto("/instances/new");
  await expect(tester.getByRole("region", { name: "Your quotas" })).toContainText(
    `Group ${testers}: 1 of 1 running instances over all clusters`,
  );
  await expect(tester.getByRole("button", { name: "Create and start" })).toBeDisabled();
  await expect(tester.getByText(/Create and start is unavailable\. Quota reached/)).toBeVisible();
  await tester.getByLabel("Name").fill(`${name}-2`);
  await expect(tester.getByText("The name is free", { exact: true })).toBeVisible();
  await tester.getByRole("button", { name: "Create", exact: true }).click();
  await expect(tester).toHaveURL(/\/instances\/default\/[0-9a-v]+$/);
  const stopped = tester.url().split("/").pop() ?? "";
  const start = await call(tester, "PATCH", `/api/instances/${stopped}?clusterId=default`, {
    desired_status: "running",
  });
  expect(start).toMatchObject({ status: 403 });
  expect(start.message).toContain(`group ${testers} may have 1 running instances`);

  // A stream watched for a while, a second refused, and a share link made.
  const sessionOf = async (id: string) => {
    const read = await call(tester, "GET", `/api/instances/${id}?clusterId=default`);
    const tags = (read.body as { metadata: { tags: string[] } }).metadata.tags;
    return (tags.find((tag) => tag.startsWith("session=")) ?? "").slice("session=".length);
  };
  const [one, two] = [await sessionOf(watched.id), await sessionOf(second.id)];
  await tester.goto(`/sessions/${one}?clusterId=default`);
  await expect(
    tester.getByRole("status").filter({ hasText: "The stream is playing." }),
  ).toBeVisible({ timeout: 20_000 });
  // A second stream in another tab: the quota refuses it, and the page says why.
  const secondTab = await testerContext.newPage();
  await secondTab.goto(`/sessions/${two}?clusterId=default`);
  await expect(secondTab.getByRole("status")).toHaveText(
    new RegExp(
      `Could not join the session: Quota reached: group ${testers} may have 1 concurrent streams`,
    ),
  );
  await secondTab.close();
  expect(
    await call(tester, "POST", `/api/sessions/${one}/shares`, { expires_in_minutes: 30 }),
  ).toMatchObject({ status: 201 });
  await tester.waitForTimeout(1_100);
  // Leaving the stream page (another page of the app) says so, before anything else is done.
  await tester.getByRole("link", { name: "Instances" }).first().click();
  await expect(tester).toHaveURL(/\/instances$/);
  // The view it ended no longer counts.
  await expect
    .poll(async () => {
      const quotas = await call(tester, "GET", "/api/quotas");
      const [quota] = (quotas.body as { metadata: { totals: { concurrent_streams: number } }[] })
        .metadata;
      return quota?.totals.concurrent_streams;
    })
    .toBe(0);
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
  await expect(table.locator("tbody tr")).toHaveCount(9);
  const summary = await auditRows(admin);
  expect(summary).toEqual([
    ["DELETE /api/instances/:id", "Refused"],
    ["stream-left", "Done"],
    ["share-link-created", "Done"],
    ["stream-joined", "Refused"],
    ["stream-joined", "Done"],
    ["PATCH /api/instances/:id", "Refused"],
    ["POST /api/instances", "Done"],
    ["POST /api/instances", "Done"],
    ["registration", "Done"],
  ]);
  // How long the stream was watched, and the quota that refused the second.
  const entryPanel = admin.getByRole("complementary", { name: "Audit entry" });
  await admin.getByRole("button", { name: /^Details of stream-left/ }).click();
  await expect(entryPanel.getByText(/streamed for [1-9]\d* s/)).toBeVisible();
  await admin.keyboard.press("Escape");
  await admin
    .getByRole("button", { name: /^Details of stream-joined/ })
    .first()
    .click();
  await expect(entryPanel.getByText(/Quota reached: group .* concurrent streams/)).toBeVisible();
  await admin.keyboard.press("Escape");
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
