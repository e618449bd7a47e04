import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsCapacitySchema } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, waitForStatus, writeAndWait } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;

beforeAll(async () => {
  // lxd0: 8 CPUs × rate 4, 16 GB × rate 2, 200 GB disk, 2 GPU slots, no VPU.
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

const small = { cpus: 2, memory: 3e9, disk_size: 3e9 };

async function capacity(size: Record<string, number | string>) {
  const query = new URLSearchParams(
    Object.entries(size).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await cluster.request("GET", `/1.0/capacity?${query.toString()}`);
  expect(response.status, response.text).toBe(200);
  return amsCapacitySchema.parse(response.body.metadata);
}

async function setUnschedulable(node: string, unschedulable: boolean) {
  const operation = await writeAndWait(cluster, "PATCH", `/1.0/nodes/${node}`, { unschedulable });
  expect(operation.status).toBe("Success");
}

describe("GET /1.0/capacity", () => {
  it("says an instance fits, on which node, with the most room of any node", async () => {
    expect(await capacity(small)).toEqual({
      fits: true,
      node: "lxd0",
      reason: "",
      schedulable_nodes: 1,
      most_free: { cpus: 32, memory: 32e9, disk_size: 200e9, gpu_slots: 2, vpu_slots: 0 },
    });
  });

  it("counts what running instances hold", async () => {
    const { id, operation } = await createInstance(cluster, {
      name: "holder",
      resources: { cpus: 8, memory: 4e9, disk_size: 5e9, "gpu-slots": 1 },
    });
    expect(operation.status).toBe("Success");
    await waitForStatus(cluster, id, "running");
    try {
      const room = await capacity(small);
      expect(room.most_free).toEqual({
        cpus: 24,
        memory: 28e9,
        disk_size: 195e9,
        gpu_slots: 1,
        vpu_slots: 0,
      });
      // The one GPU slot left is the limit now.
      expect((await capacity({ ...small, gpu_slots: 2 })).fits).toBe(false);
    } finally {
      await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`, { force: true });
    }
  });

  it("refuses a size no node has, in the words the create fails with", async () => {
    const room = await capacity({ ...small, cpus: 100 });
    expect(room).toMatchObject({ fits: false, node: "", schedulable_nodes: 1 });
    expect(room.reason).toBe(
      "No node with enough resources: needs 100 CPUs, 3 GB memory, 3 GB disk",
    );
    const { id, operation } = await createInstance(cluster, {
      name: "too-big-for-capacity",
      resources: { cpus: 100, memory: 3e9, disk_size: 3e9 },
    });
    expect(operation.status).toBe("Failure");
    expect(operation.err).toContain(room.reason);
    await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`);
  });

  it("counts no room on an unschedulable node", async () => {
    await setUnschedulable("lxd0", true);
    try {
      expect(await capacity(small)).toEqual({
        fits: false,
        node: "",
        reason:
          "No node is available: every node is offline, unschedulable or lacks the required tags",
        schedulable_nodes: 0,
        most_free: null,
      });
    } finally {
      await setUnschedulable("lxd0", false);
    }
    expect((await capacity(small)).fits).toBe(true);
  });

  it("places GPU slots on the node that has them", async () => {
    expect((await capacity({ ...small, gpu_slots: 3 })).reason).toBe(
      "No node with enough resources: needs 2 CPUs, 3 GB memory, 3 GB disk, 3 GPU slot(s)",
    );
    const added = await writeAndWait(cluster, "POST", "/1.0/nodes", {
      name: "gpu1",
      cpus: 4,
      cpu_allocation_rate: 1,
      memory: "8GB",
      memory_allocation_rate: 1,
      gpu_slots: 4,
    });
    expect(added.status).toBe("Success");
    try {
      const room = await capacity({ ...small, gpu_slots: 3 });
      expect(room).toMatchObject({ fits: true, node: "gpu1", schedulable_nodes: 2 });
      // The most of each resource, from whichever node has it.
      expect(room.most_free).toMatchObject({ cpus: 32, gpu_slots: 4 });
    } finally {
      await writeAndWait(cluster, "DELETE", "/1.0/nodes/gpu1");
    }
  });

  it.each([
    ["", "cpus"],
    ["cpus=2&memory=3000000000", "disk_size"],
    ["cpus=two&memory=3000000000&disk_size=3000000000", "cpus must be a whole number"],
    ["cpus=0&memory=3000000000&disk_size=3000000000", "cpus must be at least 1"],
    ["cpus=2&memory=1&disk_size=3000000000", "memory must be at least"],
    ["cpus=2&memory=3000000000&disk_size=3000000000&gpu_slots=65", "gpu_slots must be at most 64"],
    ["cpus=2&cpus=3&memory=3000000000&disk_size=3000000000", "cpus"],
  ])("answers 400 naming the field for ?%s", async (query, words) => {
    const response = await cluster.request("GET", `/1.0/capacity?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: "error", error_code: 400 });
    expect(JSON.stringify(response.body)).toContain(words);
  });

  it("answers 404 for an application that does not exist", async () => {
    const response = await cluster.request(
      "GET",
      "/1.0/capacity?cpus=2&memory=3000000000&disk_size=3000000000&app_id=nope",
    );
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).toContain('Application \\"nope\\" not found');
  });
});
