import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { globalAgent } from "node:http";
import type { AmsOperation, InstanceBulkResult } from "@anbox-dashboard/contract";
import type { ClusterOptions } from "../src/options.ts";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createInstance,
  getInstance,
  waitForStatus,
  writeAndWait,
} from "./helpers/instance-helpers.ts";

// Every test leaves the first cluster here; destroy() removes its directory (and database).
const toDestroy: TestCluster[] = [];

afterEach(async () => {
  for (const cluster of toDestroy.splice(0)) await cluster.destroy();
});

async function start(overrides: Partial<ClusterOptions> = {}): Promise<TestCluster> {
  const cluster = await startTestCluster(overrides);
  toDestroy.push(cluster);
  return cluster;
}

/** Stops a cluster and starts it again on the same state, with other delays. */
async function restartWith(
  cluster: TestCluster,
  overrides: Partial<ClusterOptions>,
): Promise<TestCluster> {
  await cluster.stop();
  const { name, databaseUrl } = cluster.running.context.options;
  const next = await startTestCluster({ name, databaseUrl, ...overrides }, cluster.dataDir);
  toDestroy.unshift(next);
  // Node's global agent keeps connections alive; those to the old server are dead now.
  globalAgent.destroy();
  return next;
}

/** The restore operation a restart started, waited for. */
async function restoreOperation(cluster: TestCluster): Promise<AmsOperation | undefined> {
  const all = (await cluster.request<AmsOperation[]>("GET", "/1.0/operations?recursion=1")).body
    .metadata;
  const list = Array.isArray(all)
    ? all
    : Object.values(all as Record<string, AmsOperation[]>).flat();
  const restore = list.find(
    (operation) => operation.description === "Restoring instances after a cluster restart",
  );
  return restore && cluster.waitOperation(restore.id);
}

async function countInstances(cluster: TestCluster): Promise<number> {
  return (await cluster.request<string[]>("GET", "/1.0/instances")).body.total_size ?? -1;
}

describe("restarting the cluster", () => {
  it("boots running instances again, leaves stopped and failed ones, and duplicates nothing", async () => {
    const first = await start();
    const running = (await createInstance(first, { name: "keeps-running" })).id;
    const stopped = (await createInstance(first, { name: "stays-stopped", no_start: true })).id;
    const failed = (await createInstance(first, { name: "stays-failed", resources: { cpus: 200 } }))
      .id;

    const second = await restartWith(first, {});
    const restore = await restoreOperation(second);
    expect(restore?.status).toBe("Success");
    const results = (restore?.metadata as { results: InstanceBulkResult[] }).results;
    expect(results.map((result) => result.name)).toEqual(["keeps-running"]);

    expect((await getInstance(second, running)).status).toBe("running");
    expect((await getInstance(second, stopped)).status).toBe("stopped");
    expect((await getInstance(second, failed)).status).toBe("error");
    expect(await countInstances(second)).toBe(3);
    const bootLog = readFileSync(
      join(second.dataDir, "instances", running, "logs", "boot.log"),
      "utf8",
    );
    expect(bootLog).toContain("[resume] the cluster restarted while the instance was running");
  });

  it("resumes a create left mid-boot, to running, with one instance", async () => {
    const first = await start({ bootStepDelayMs: 60_000 });
    const response = await first.request<AmsOperation>("POST", "/1.0/instances", {
      body: { name: "mid-boot" },
    });
    const id = response.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
    await waitForStatus(first, id, "created");

    const second = await restartWith(first, { bootStepDelayMs: 0 });
    const resumed = await second.waitOperation(response.body.metadata.id);
    expect(resumed.status).toBe("Success");
    expect((await getInstance(second, id)).status).toBe("running");
    expect(await countInstances(second)).toBe(1);
    // The resumed operation owned the instance: no restore operation was needed.
    expect(await restoreOperation(second)).toBeUndefined();
  });

  it("resumes a boot interrupted after scheduling", async () => {
    const first = await start({ bootStepDelayMs: 30 });
    const created = await first.request<AmsOperation>("POST", "/1.0/instances", {
      body: { name: "later" },
    });
    const id = created.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
    await waitForStatus(first, id, "started");
    const second = await restartWith(first, { bootStepDelayMs: 0 });
    expect((await second.waitOperation(created.body.metadata.id)).status).toBe("Success");
    const instance = await getInstance(second, id);
    expect(instance.status).toBe("running");
    expect(instance.node).toBe("lxd0");
  });

  it("resumes a stop left mid-way", async () => {
    const first = await start({ stopDelayMs: 60_000 });
    const { id } = await createInstance(first, { name: "halting" });
    const stop = await first.request<AmsOperation>("PATCH", `/1.0/instances/${id}`, {
      body: { desired_status: "stopped" },
    });
    expect(stop.status).toBe(202);
    const second = await restartWith(first, { stopDelayMs: 0 });
    expect((await second.waitOperation(stop.body.metadata.id)).status).toBe("Success");
    expect((await getInstance(second, id)).status).toBe("stopped");
  });

  it("settles instances a crash left without an operation", async () => {
    const first = await start();
    const booting = (await createInstance(first, { name: "orphan-boot" })).id;
    const deleting = (await createInstance(first, { name: "orphan-delete" })).id;
    const stopping = (await createInstance(first, { name: "orphan-stop" })).id;
    // What a crash between two writes can leave: statuses no operation is working towards. They
    // are written while the cluster is up (its database is the one open), then it restarts.
    const store = first.running.context.db;
    await store
      .updateTable("instances")
      .set({ status: "created", node: "" })
      .where("id", "=", booting)
      .execute();
    await store
      .updateTable("instances")
      .set({ status: "deleted" })
      .where("id", "=", deleting)
      .execute();
    await store
      .updateTable("instances")
      .set({ status: "running", desired_status: "stopped" })
      .where("id", "=", stopping)
      .execute();
    const third = await restartWith(first, {});
    const restore = await restoreOperation(third);
    expect(restore?.status).toBe("Success");
    expect((await getInstance(third, booting)).status).toBe("running");
    expect((await third.request("GET", `/1.0/instances/${deleting}`)).status).toBe(404);
    expect((await getInstance(third, stopping)).status).toBe("stopped");
    expect(await countInstances(third)).toBe(2);
    // And the cluster keeps working afterwards.
    const done = await writeAndWait(third, "PATCH", `/1.0/instances/${stopping}`, {
      desired_status: "running",
    });
    expect(done.status).toBe("Success");
  });
});
