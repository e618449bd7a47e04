// A node's totals are kept by triggers as its instances change (migration 0006), not summed on
// each read: after every kind of change they must equal the sum over the instances, and the
// scheduler must read the same loads it read when it summed them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsNodeSchema, type AmsNode } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, writeAndWait } from "./helpers/instance-helpers.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";
import { loadNodes, statusesHoldingCompute } from "../src/nodes/node-load.ts";
import type { NodeLoad } from "../src/scheduler/place-instance.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
  await writeAndWait(cluster, "POST", "/1.0/nodes", { name: "lxd1", cpus: 4, memory: "8GB" });
});

afterAll(async () => {
  await cluster.destroy();
});

/** What each node's instances hold, summed over them the way node-load.ts did before 0006. */
async function summedUsage(): Promise<Map<string, NodeLoad["used"] & { instances: number }>> {
  const instances = await cluster.running.context.db.selectFrom("instances").selectAll().execute();
  const usage = new Map<string, NodeLoad["used"] & { instances: number }>();
  for (const instance of instances) {
    if (instance.node === "" || instance.status === "deleted") continue;
    const used = usage.get(instance.node) ?? {
      cpus: 0,
      memory: 0,
      diskSize: 0,
      gpuSlots: 0,
      vpuSlots: 0,
      instances: 0,
    };
    const holdsCompute = (statusesHoldingCompute as readonly string[]).includes(instance.status);
    if (holdsCompute) {
      used.cpus += instance.cpus;
      used.memory += instance.memory;
      used.gpuSlots += instance.gpu_slots;
      used.vpuSlots += instance.vpu_slots;
    }
    used.diskSize += instance.disk_size;
    used.instances += 1;
    usage.set(instance.node, used);
  }
  return usage;
}

/** The kept totals (scheduler's loads and the API's `allocated`) equal the sums, node by node. */
async function expectTotalsRight(): Promise<void> {
  const summed = await summedUsage();
  const loads = await loadNodes(cluster.running.context.db);
  const listed = await cluster.request<AmsNode[]>("GET", "/1.0/nodes?recursion=1");
  for (const load of loads) {
    const { instances = 0, ...used } = summed.get(load.name) ?? {
      cpus: 0,
      memory: 0,
      diskSize: 0,
      gpuSlots: 0,
      vpuSlots: 0,
    };
    expect(load.used, load.name).toEqual(used);
    const node = amsNodeSchema.parse(listed.body.metadata.find((item) => item.name === load.name));
    expect(node.allocated, load.name).toEqual({
      cpus: used.cpus,
      memory_bytes: used.memory,
      disk_size_bytes: used.diskSize,
      gpu_slots: used.gpuSlots,
      vpu_slots: used.vpuSlots,
      instances,
    });
  }
}

async function allocatedOn(name: string): Promise<AmsNode["allocated"]> {
  const response = await cluster.request<AmsNode>("GET", `/1.0/nodes/${name}`);
  return amsNodeSchema.parse(response.body.metadata).allocated;
}

describe("node totals kept by the store", () => {
  it("follow an instance through create, stop, start, resize and delete", async () => {
    const before = await allocatedOn("lxd0");
    const { id } = await createInstance(cluster, { name: "totals-one", node: "lxd0" });
    await expectTotalsRight();
    const created = await allocatedOn("lxd0");
    expect(created?.instances).toBe((before?.instances ?? 0) + 1);
    expect(created?.cpus).toBeGreaterThan(before?.cpus ?? 0);

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "stopped" });
    await expectTotalsRight();
    // Stopped: its CPU and memory are free again, its disk is still held.
    const stopped = await allocatedOn("lxd0");
    expect(stopped?.cpus).toBe(before?.cpus);
    expect(stopped?.disk_size_bytes).toBe(created?.disk_size_bytes);

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "running" });
    await expectTotalsRight();
    expect(await allocatedOn("lxd0")).toEqual(created);

    // A resize, whichever code writes it, moves the totals in the same statement.
    await cluster.running.context.db
      .updateTable("instances")
      .set({ cpus: 6, memory: 5e9, disk_size: 9e9 })
      .where("id", "=", id)
      .execute();
    await expectTotalsRight();

    // Moved to another node: taken from one, given to the other.
    await cluster.running.context.db
      .updateTable("instances")
      .set({ node: "lxd1" })
      .where("id", "=", id)
      .execute();
    await expectTotalsRight();
    expect((await allocatedOn("lxd1"))?.cpus).toBe(6);

    await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`, { force: true });
    await expectTotalsRight();
    expect(await allocatedOn("lxd1")).toMatchObject({ cpus: 0, instances: 0 });
  });

  it("stay right over many rows in every status, and when rows are removed outright", async () => {
    const statuses = ["running", "stopped", "error", "created", "deleted", "started", "unknown"];
    const ids: string[] = [];
    for (const [index, status] of statuses.entries()) {
      ids.push(
        await insertInstanceRow(cluster, {
          node: index % 2 === 0 ? "lxd0" : "lxd1",
          status,
          cpus: index + 1,
          memory: (index + 1) * 1e9,
          disk_size: 2e9,
          gpu_slots: index % 3 === 0 ? 1 : 0,
          vpu_slots: index % 2,
        }),
      );
    }
    // One not placed yet holds nothing anywhere, and then is placed.
    const unplaced = await insertInstanceRow(cluster, { node: "", status: "created" });
    await expectTotalsRight();
    await cluster.running.context.db
      .updateTable("instances")
      .set({ node: "lxd1", status: "running" })
      .where("id", "=", unplaced)
      .execute();
    await expectTotalsRight();

    await cluster.running.context.db
      .updateTable("instances")
      .set({ status: "stopped" })
      .where("status", "=", "running")
      .execute();
    await expectTotalsRight();

    await cluster.running.context.db.deleteFrom("instances").where("id", "in", ids).execute();
    await cluster.running.context.db.deleteFrom("instances").where("id", "=", unplaced).execute();
    await expectTotalsRight();
  });

  it("keep the disk of instances left on a node removed with force, for a node re-added by that name", async () => {
    await writeAndWait(cluster, "POST", "/1.0/nodes", { name: "lxd2" });
    await insertInstanceRow(cluster, { node: "lxd2", status: "running", disk_size: 4e9 });
    await writeAndWait(cluster, "DELETE", "/1.0/nodes/lxd2", { force: true });
    await writeAndWait(cluster, "POST", "/1.0/nodes", { name: "lxd2" });
    await expectTotalsRight();
    expect(await allocatedOn("lxd2")).toMatchObject({ cpus: 0, disk_size_bytes: 4e9 });
  });
});

describe("GET /1.0/nodes paging, filters and sort", () => {
  it("sorts by how full a node is, filters by name part and schedulability, and pages", async () => {
    await insertInstanceRow(cluster, { node: "lxd1", status: "running", cpus: 8 });
    const byCpu = await cluster.request<AmsNode[]>(
      "GET",
      "/1.0/nodes?recursion=1&order_by=cpu&order=desc",
    );
    expect(byCpu.status).toBe(200);
    // lxd1: 8 of 4 × 4 = 50 %; lxd0 holds less of 8 × 4.
    expect(byCpu.body.metadata[0]?.name).toBe("lxd1");

    const search = await cluster.request<AmsNode[]>("GET", "/1.0/nodes?recursion=1&search=XD1");
    expect(search.body.metadata.map((node) => node.name)).toEqual(["lxd1"]);
    expect(search.body.total_size).toBe(1);

    await writeAndWait(cluster, "PATCH", "/1.0/nodes/lxd2", { unschedulable: true });
    const closed = await cluster.request<AmsNode[]>("GET", "/1.0/nodes?unschedulable=true");
    expect(closed.body.metadata).toEqual(["/1.0/nodes/lxd2"]);

    const page = await cluster.request<string[]>("GET", "/1.0/nodes?limit=1&offset=1");
    expect(page.body.metadata).toEqual(["/1.0/nodes/lxd1"]);
    expect(page.body.total_size).toBe(3);
  });

  it("answers 400 naming a bad sort or filter", async () => {
    const badSort = await cluster.request("GET", "/1.0/nodes?order_by=size");
    expect(badSort.status).toBe(400);
    expect(badSort.text).toContain("order_by must be one of");
    const badStatus = await cluster.request("GET", "/1.0/nodes?status=sleepy");
    expect(badStatus.status).toBe(400);
    expect(badStatus.text).toContain("status must be");
    const badFlag = await cluster.request("GET", "/1.0/nodes?unschedulable=maybe");
    expect(badFlag.status).toBe(400);
    expect(badFlag.text).toContain("unschedulable must be true or false");
  });
});
