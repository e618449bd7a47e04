import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsOperation, InstanceBulkResult } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, getInstance, json, writeAndWait } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;
let ids: string[] = [];

beforeAll(async () => {
  cluster = await startTestCluster();
  ids = [];
  for (const name of ["one", "two", "three"])
    ids.push((await createInstance(cluster, { name })).id);
});

afterAll(async () => {
  await cluster.destroy();
});

describe("bulk start and stop (PATCH /1.0/instances)", () => {
  it("stops many in one operation with a result per instance", async () => {
    const response = await cluster.request<AmsOperation>("PATCH", "/1.0/instances", {
      body: { ids, desired_status: "stopped" },
    });
    expect(response.status).toBe(202);
    expect(response.body.metadata.description).toBe("Stopping instances");
    expect(response.body.metadata.resources.instances).toEqual(
      ids.map((id) => `/1.0/instances/${id}`),
    );
    const done = await cluster.waitOperation(response.body.metadata.id);
    expect(done.status).toBe("Success");
    const results = (done.metadata as { results: InstanceBulkResult[] }).results;
    expect(results.map((result) => [result.name, result.success])).toEqual([
      ["one", true],
      ["two", true],
      ["three", true],
    ]);
    for (const id of ids) expect((await getInstance(cluster, id)).status).toBe("stopped");
  });

  it("starts them again, accepting names as well as ids", async () => {
    const done = await writeAndWait(cluster, "PATCH", "/1.0/instances", {
      ids: ["one", ids[1], "three"],
      desired_status: "running",
    });
    expect(done.description).toBe("Starting instances");
    for (const id of ids) expect((await getInstance(cluster, id)).status).toBe("running");
  });

  it("refuses unknown ids (404 naming them) and bad statuses, changing nothing", async () => {
    const unknown = await cluster.request("PATCH", "/1.0/instances", {
      body: { ids: [ids[0], "ghost"], desired_status: "stopped" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('"ghost"');
    expect((await getInstance(cluster, ids[0] ?? "")).status).toBe("running");
    const bad = await cluster.request("PATCH", "/1.0/instances", {
      body: { ids, desired_status: "deleted" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("running, stopped");
    const empty = await cluster.request("PATCH", "/1.0/instances", {
      body: { ids: [], desired_status: "running" },
    });
    expect(empty.status).toBe(400);
  });
});

describe("bulk delete (DELETE /1.0/instances)", () => {
  it("refuses running instances without force, and protected ones even with force, deleting none", async () => {
    const noForce = await cluster.request("DELETE", "/1.0/instances", json({ ids }));
    expect(noForce.status).toBe(400);
    expect(noForce.body.error).toContain("force");

    await writeAndWait(cluster, "PATCH", `/1.0/instances/${ids[2] ?? ""}`, {
      config: { security: { delete_protected: true } },
    });
    const protectedOne = await cluster.request(
      "DELETE",
      "/1.0/instances",
      json({ ids, force: true }),
    );
    expect(protectedOne.status).toBe(400);
    expect(protectedOne.body.error).toBe("Instance three is protected against deletion");
    const left = await cluster.request<string[]>("GET", "/1.0/instances");
    expect(left.body.total_size).toBe(3);
  });

  it("deletes them all with force once nothing is protected", async () => {
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${ids[2] ?? ""}`, {
      config: { security: { delete_protected: false } },
    });
    const done = await writeAndWait(cluster, "DELETE", "/1.0/instances", { ids, force: true });
    expect(done.description).toBe("Deleting instances");
    expect(done.status).toBe("Success");
    const left = await cluster.request<string[]>("GET", "/1.0/instances");
    expect(left.body.metadata).toEqual([]);
    expect(left.body.total_size).toBe(0);
    const tags = await cluster.running.context.db.selectFrom("instance_tags").selectAll().execute();
    expect(tags).toEqual([]);
  });
});
