// The audit trail at a year's scale (issue 38): with 1,000,000 entries, the Audit page's first
// 100 rows for each kind of filter against the instances page's first 100 (10,000 instances), in
// Chromium, in the same run; and what recording costs a request: the same change (a group's
// description replaced) on a dashboard that records against one started with AUDIT_RECORDING=off,
// in turns. Targets: each Audit page / instances page p50 at most 1.25; recording on / off p50 at
// most 1.10.
import { chromium, type Page } from "playwright-core";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  browserFlags,
  largeFirstNode,
  percentile,
  repositoryRoot,
  signUp,
  startDashboard,
  summary,
  type BenchDashboard,
} from "./support/dashboard.ts";
import { seedDashboardCluster } from "./support/seed-instances.ts";
import { atMost, recordResults, reported, type BenchFigure } from "./support/results.ts";
import { timeFirstRows } from "./support/rows-painted.ts";

const entryCount = 1_000_000;
const instanceCount = 10_000;
const pageSamples = 11;
const requestSamples = 300;
const port = Number(process.env.BENCH_PORT ?? 18391);
const quietPort = port + 1;

const p50 = (times: readonly number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    0.5,
  );

/**
 * A year of entries written straight into the dashboard's database (its writes wait their turn:
 * WAL): a hundred people, mostly changes that succeeded, some refused, a few failed, over 365 days
 * to now. One of them, `person-7@example.com`, and one resource, `instance:default/i-42`, are
 * what the filters look for.
 */
function seedEntries(dataDir: string): void {
  const db = new DatabaseSync(join(dataDir, "dashboard.sqlite"));
  db.exec("PRAGMA busy_timeout = 10000");
  const insert = db.prepare(
    `INSERT INTO audit_log (id, at, action, outcome, actor, address, detail, identity_id, groups,
       resource, cluster, user_agent, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const span = 365 * 24 * 3600 * 1000;
  const actions = ["POST /api/instances", "DELETE /api/instances/:id", "PATCH /api/config"];
  const batch = 20_000;
  for (let start = 0; start < entryCount; start += batch) {
    db.exec("BEGIN");
    for (let index = start; index < start + batch; index++) {
      const person = index % 100;
      const outcome = index % 10 === 0 ? "refused" : index % 97 === 0 ? "failure" : "success";
      insert.run(
        randomUUID(),
        new Date(now - span + Math.floor((index / entryCount) * span)).toISOString(),
        actions[index % actions.length] ?? "POST /api/instances",
        outcome,
        `person-${String(person)}@example.com`,
        "10.0.0.1",
        outcome === "success" ? "200" : "403 · You may not do this: needs can_delete.",
        `identity-${String(person)}`,
        '["testers"]',
        `instance:default/i-${String(index % 5000)}`,
        "default",
        "bench",
        randomUUID(),
      );
    }
    db.exec("COMMIT");
  }
  db.close();
}

/** Replaces a group's description as the admin, once: milliseconds to its answer. */
async function changeOnce(page: Page, dashboard: BenchDashboard, sample: number): Promise<number> {
  const started = performance.now();
  const answer = await page.request.put(`${dashboard.baseUrl}/api/auth/groups/bench`, {
    headers: { origin: dashboard.baseUrl },
    data: { description: `sample ${String(sample)}`, permissions: [] },
  });
  if (!answer.ok()) throw new Error(`PUT answered ${String(answer.status())}`);
  return performance.now() - started;
}

function makeGroup(dashboard: BenchDashboard): void {
  execFileSync("bin/dashboard", ["group", "create", "bench"], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dashboard.dataDir },
  });
}

const dashboard = await startDashboard("audit-trail", port, largeFirstNode);
const quiet = await startDashboard("audit-trail-off", quietPort, { AUDIT_RECORDING: "off" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: browserFlags });
try {
  const viewport = { width: 1680, height: 1000 };
  const admin = await (await browser.newContext({ viewport })).newPage();
  await signUp(admin, dashboard);
  await seedDashboardCluster(dashboard.dataDir, instanceCount, 100, 0);
  const seeding = performance.now();
  seedEntries(dashboard.dataDir);
  console.log(
    `${String(entryCount)} entries written in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );

  const base = dashboard.baseUrl;
  const pages: [string, string][] = [
    ["no filter", "/audit?size=100"],
    ["one identity", "/audit?size=100&filter.identity=person-7%40example.com"],
    ["refused", "/audit?size=100&filter.outcome=refused"],
    [
      "one resource",
      `/audit?size=100&filter.resource=${encodeURIComponent("instance:default/i-42")}`,
    ],
    [
      "one action in a month",
      "/audit?size=100&filter.action=PATCH+%2Fapi%2Fconfig&filter.from=2026-06-01T00%3A00&filter.to=2026-07-01T00%3A00",
    ],
  ];
  const instancesPage = () => timeFirstRows(admin, `${base}/instances?size=100`, 100);
  await instancesPage();
  for (const [, path] of pages) await timeFirstRows(admin, `${base}${path}`, 100);
  const instances: number[] = [];
  const audit = new Map<string, number[]>(pages.map(([name]) => [name, []]));
  for (let sample = 0; sample < pageSamples; sample++) {
    instances.push(await instancesPage());
    for (const [name, path] of pages)
      audit.get(name)?.push(await timeFirstRows(admin, `${base}${path}`, 100));
  }
  console.log(
    `  instances page, first 100 rows painted (${String(instanceCount)}): ${summary(instances)}`,
  );
  const results: Omit<BenchFigure, "benchmark">[] = [
    reported("instances page, first 100 rows painted p50", p50(instances), "ms"),
  ];
  for (const [name, times] of audit) {
    const ratio = p50(times) / p50(instances);
    console.log(
      `  audit, ${name}: ${summary(times)}; / instances ${ratio.toFixed(2)} (target ≤ 1.25)`,
    );
    results.push(reported(`audit, ${name}, first rows painted p50`, p50(times), "ms"));
    results.push(atMost(`audit ${name} / instances page, p50`, ratio, 1.25, "×"));
  }

  // What recording costs one change: the same request on both dashboards, in turns.
  const quietAdmin = await (await browser.newContext({ viewport })).newPage();
  await signUp(quietAdmin, quiet);
  makeGroup(dashboard);
  makeGroup(quiet);
  const recorded: number[] = [];
  const unrecorded: number[] = [];
  for (let sample = 0; sample < 20; sample++) {
    await changeOnce(admin, dashboard, sample);
    await changeOnce(quietAdmin, quiet, sample);
  }
  for (let sample = 0; sample < requestSamples; sample++) {
    recorded.push(await changeOnce(admin, dashboard, sample));
    unrecorded.push(await changeOnce(quietAdmin, quiet, sample));
  }
  const cost = p50(recorded) / p50(unrecorded);
  console.log(`  a change, recorded (1,000,000 entries): ${summary(recorded)}`);
  console.log(`  a change, not recorded:                 ${summary(unrecorded)}`);
  console.log(`  recorded / not recorded p50: ${cost.toFixed(2)} (target ≤ 1.10)`);
  results.push(
    reported("a change, recorded, p50", p50(recorded), "ms"),
    reported("a change, not recorded, p50", p50(unrecorded), "ms"),
    atMost("recording's cost: recorded / not recorded p50", cost, 1.1, "×"),
  );
  recordResults("audit-trail", results);
} finally {
  await browser.close();
  await dashboard.stop();
  await quiet.stop();
}
