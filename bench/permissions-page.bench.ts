// The instances page for someone who may view 100 of 10,000 instances, against an admin's, in
// Chromium, in the same run: the viewer's list is asked of the cluster by id (`id=a,b,c`, the
// embedded cluster's `instance_id_list_filter`), so their first page should come as fast as the
// admin's, who pages the whole cluster. Reports both p50s of navigation to the first 100 rows
// painted and their ratio. Target (issue 37): viewer / admin at most 1.25.
import { chromium, type Page } from "playwright-core";
import { execFileSync } from "node:child_process";
import {
  browserFlags,
  largeFirstNode,
  percentile,
  repositoryRoot,
  signUp,
  startDashboard,
  summary,
} from "./support/dashboard.ts";
import { seedDashboardCluster } from "./support/seed-instances.ts";
import { atMost, recordResults, reported } from "./support/results.ts";
import { timeFirstRows } from "./support/rows-painted.ts";

const instanceCount = 10_000;
const grantedCount = 100;
const samples = 15;
const port = Number(process.env.BENCH_PORT ?? 18381);

const firstRows = (page: Page) =>
  timeFirstRows(page, `${baseUrl}/instances?size=100`, grantedCount);

/** Grants the group `can_view` on 100 instances, asked of the list as the admin. */
async function grantHundred(admin: Page): Promise<void> {
  const answer = await admin.request.get(`${baseUrl}/api/instances?size=100&search=bench-001`);
  const { metadata } = (await answer.json()) as { metadata: { id: string; clusterId: string }[] };
  if (metadata.length !== grantedCount)
    throw new Error(`found ${String(metadata.length)} instances`);
  const permissions = metadata.map((instance) => ({
    entitlement: "can_view",
    resource: `instance:${instance.clusterId}/${instance.id}`,
  }));
  const put = await admin.request.put(`${baseUrl}/api/auth/groups/viewers`, {
    headers: { origin: baseUrl },
    data: { permissions },
  });
  if (!put.ok()) throw new Error(`granting failed: ${String(put.status())} ${await put.text()}`);
}

const dashboard = await startDashboard("permissions-page", port, largeFirstNode);
const baseUrl = dashboard.baseUrl;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: browserFlags });
try {
  const viewport = { width: 1680, height: 1000 };
  const admin = await (await browser.newContext({ viewport })).newPage();
  await signUp(admin, dashboard);
  await seedDashboardCluster(dashboard.dataDir, instanceCount, 100, 0);
  execFileSync("bin/dashboard", ["group", "create", "viewers"], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dashboard.dataDir },
  });
  await grantHundred(admin);
  const viewer = await (await browser.newContext({ viewport })).newPage();
  await signUp(viewer, dashboard, { email: "viewer@example.com", groups: ["viewers"] });

  // Warmed once each, then measured in turns, so that a slower moment weighs on both alike.
  await firstRows(admin);
  await firstRows(viewer);
  const asAdmin: number[] = [];
  const asViewer: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    asAdmin.push(await firstRows(admin));
    asViewer.push(await firstRows(viewer));
  }
  const p50 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      0.5,
    );
  const ratio = p50(asViewer) / p50(asAdmin);
  console.log(`${String(instanceCount)} instances; the viewer may view ${String(grantedCount)}:`);
  console.log(`  admin, first 100 rows painted:  ${summary(asAdmin)}`);
  console.log(`  viewer, first 100 rows painted: ${summary(asViewer)}`);
  console.log(`  viewer / admin p50: ${ratio.toFixed(2)} (target: at most 1.25)`);
  recordResults("permissions-page", [
    reported("admin, first 100 rows painted p50 (10000)", p50(asAdmin), "ms"),
    reported("viewer of 100, first 100 rows painted p50", p50(asViewer), "ms"),
    atMost("viewer of 100 / admin, first rows p50", ratio, 1.25, "×"),
  ]);
} finally {
  await browser.close();
  await dashboard.stop();
}
