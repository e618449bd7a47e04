import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsNodeSchema, type AmsEvent, type AmsNode } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";
import { json } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function getNode(name: string) {
  const response = await cluster.request<AmsNode>("GET", `/1.0/nodes/${name}`);
  expect(response.status).toBe(200);
  return { node: amsNodeSchema.parse(response.body.metadata), etag: String(response.headers.etag) };
}

/** Sends a write, expects an operation and returns it once finished. */
async function operate(method: string, path: string, body?: unknown) {
  const response = await cluster.request(method, path, body === undefined ? {} : json(body));
  expect(response.status, response.text).toBe(202);
  expect(response.headers.location).toMatch(/^\/1\.0\/operations\//);
  return cluster.waitOperation(String(response.headers.location));
}

/** A minimal instance row on a node, as the instances code would write it. */
function putInstanceOn(node: string, status = "running"): Promise<string> {
  return insertInstanceRow(cluster, { node, status, disk_size: 5e9, gpu_slots: 1 });
}

describe("GET /1.0/nodes", () => {
  it("lists the seeded node as a URL, and as an AMS object with recursion=1", async () => {
    const urls = await cluster.request<string[]>("GET", "/1.0/nodes");
    expect(urls.status).toBe(200);
    expect(urls.body.metadata).toContain("/1.0/nodes/lxd0");
    expect(urls.body.total_size).toBe(urls.body.metadata.length);

    const full = await cluster.request<AmsNode[]>("GET", "/1.0/nodes?recursion=1");
    const lxd0 = full.body.metadata
      .map((node) => amsNodeSchema.parse(node))
      .find((n) => n.name === "lxd0");
    expect(lxd0).toMatchObject({
      cpus: 8,
      memory: "16GB",
      disk_size: "200GB",
      gpu_slots: 2,
      cpu_allocation_rate: 4,
      memory_allocation_rate: 2,
      status: "online",
      status_code: 4,
      unschedulable: false,
      is_master: true,
      tags: [],
    });
  });

  it("skips an offset's nodes with or without a limit (SQLite takes OFFSET only after LIMIT)", async () => {
    const all = await cluster.request<string[]>("GET", "/1.0/nodes");
    for (const path of ["/1.0/nodes?offset=1", "/1.0/nodes?offset=1&limit=1000"]) {
      const skipped = await cluster.request<string[]>("GET", path);
      expect({ path, status: skipped.status }).toEqual({ path, status: 200 });
      expect(skipped.body.metadata).toEqual(all.body.metadata.slice(1));
      expect(skipped.body.total_size).toBe(all.body.total_size);
    }
  });

  it("shows a node with its ETag and what its instances hold", async () => {
    await putInstanceOn("lxd0", "running");
    await putInstanceOn("lxd0", "stopped");
    const { node, etag } = await getNode("lxd0");
    expect(etag).toMatch(/^".+"$/);
    // Running instances hold CPU, memory and GPU slots; stopped ones only their disk.
    expect(node.allocated).toEqual({
      cpus: 2,
      memory_bytes: 3e9,
      disk_size_bytes: 10e9,
      gpu_slots: 1,
      vpu_slots: 0,
      instances: 2,
    });
    await cluster.running.context.db.deleteFrom("instances").execute();
  });

  it("answers 404 for an unknown node and 400 for a name that cannot be one", async () => {
    const missing = await cluster.request("GET", "/1.0/nodes/nope");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain("nope");
    const bad = await cluster.request("GET", "/1.0/nodes/-bad_name-");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("node name");
  });
});

describe("POST /1.0/nodes", () => {
  it("adds a virtual node through an operation and announces it", async () => {
    const events: AmsEvent[] = [];
    const unsubscribe = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) =>
      events.push(event),
    );
    const operation = await operate("POST", "/1.0/nodes", {
      name: "lxd1",
      cpus: 16,
      memory: "32GB",
      disk_size: "500GB",
      gpu_slots: 4,
      tags: ["gpu=nvidia", "zone=a"],
      unschedulable: true,
      cpu_allocation_rate: 2,
    });
    unsubscribe();
    expect(operation.status).toBe("Success");
    expect(operation.resources).toEqual({ nodes: ["/1.0/nodes/lxd1"] });
    const { node } = await getNode("lxd1");
    expect(node).toMatchObject({
      name: "lxd1",
      cpus: 16,
      memory: "32GB",
      memory_bytes: 32e9,
      disk_size: "500GB",
      gpu_slots: 4,
      tags: ["gpu=nvidia", "zone=a"],
      unschedulable: true,
      cpu_allocation_rate: 2,
      memory_allocation_rate: 2,
      status: "online",
      status_code: 4,
      is_master: false,
      managed: true,
    });
    expect(node.address).not.toBe("10.100.0.1");
    expect(events.map((event) => event.metadata)).toContainEqual(
      expect.objectContaining({ action: "node-created", source: "/1.0/nodes/lxd1" }),
    );
  });

  it("refuses a name that is taken with 409", async () => {
    const response = await cluster.request("POST", "/1.0/nodes", { body: { name: "lxd0" } });
    expect(response.status).toBe(409);
    expect(response.body.error).toContain("lxd0");
  });

  it("refuses bad input with 400 naming each bad field", async () => {
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "has space" }, "name"],
      [{ name: "n1", cpus: "four" }, "cpus"],
      [{ name: "n1", cpus: 0 }, "cpus"],
      [{ name: "n1", cpus: 2.5 }, "cpus"],
      [{ name: "n1", memory: "lots" }, "memory"],
      [{ name: "n1", memory: "8" }, "memory"],
      [{ name: "n1", cpu_allocation_rate: -1 }, "cpu_allocation_rate"],
      [{ name: "n1", tags: "a,b" }, "tags"],
      [{ name: "n1", tags: [""] }, "tags"],
      [{ name: "n1", public_address: "not-an-ip" }, "public_address"],
      [{ name: "n1", colour: "blue" }, "colour"],
      ["just a string", "node"],
    ];
    for (const [body, field] of cases) {
      const response = await cluster.request("POST", "/1.0/nodes", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toContain(field);
    }
    const list = await cluster.request<string[]>("GET", "/1.0/nodes");
    expect(list.body.metadata).not.toContain("/1.0/nodes/n1");
  });
});

describe("PATCH /1.0/nodes/{name}", () => {
  it("changes the fields sent, bumps the ETag and announces it", async () => {
    const before = await getNode("lxd0");
    const events: AmsEvent[] = [];
    const unsubscribe = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) =>
      events.push(event),
    );
    const response = await cluster.request("PATCH", "/1.0/nodes/lxd0", {
      body: {
        cpus: 12,
        memory: "24GB",
        memory_allocation_rate: 1.5,
        gpu_encoder_slots: 8,
        tags: ["fast", "fast", "ssd"],
        unschedulable: true,
        public_address: "192.0.2.10",
      },
      headers: { "if-match": before.etag },
    });
    expect(response.status).toBe(202);
    const operation = await cluster.waitOperation(String(response.headers.location));
    unsubscribe();
    expect(operation.status).toBe("Success");
    const after = await getNode("lxd0");
    expect(after.node).toMatchObject({
      cpus: 12,
      memory: "24GB",
      memory_allocation_rate: 1.5,
      cpu_allocation_rate: before.node.cpu_allocation_rate,
      gpu_slots: before.node.gpu_slots,
      gpu_encoder_slots: 8,
      tags: ["fast", "ssd"],
      unschedulable: true,
      public_address: "192.0.2.10",
    });
    expect(after.etag).not.toBe(before.etag);
    expect(events.map((event) => event.metadata)).toContainEqual(
      expect.objectContaining({ action: "node-updated", source: "/1.0/nodes/lxd0" }),
    );
    // The deprecated spelling still works.
    await operate("PATCH", "/1.0/nodes/lxd0", { unscheduable: false });
    expect((await getNode("lxd0")).node.unschedulable).toBe(false);
  });

  it("refuses a stale If-Match with 412 and changes nothing", async () => {
    const { etag } = await getNode("lxd0");
    await operate("PATCH", "/1.0/nodes/lxd0", { cpus: 10 });
    const stale = await cluster.request("PATCH", "/1.0/nodes/lxd0", {
      body: { cpus: 2 },
      headers: { "if-match": etag },
    });
    expect(stale.status).toBe(412);
    expect((await getNode("lxd0")).node.cpus).toBe(10);
  });

  it("refuses bad changes with 400 and unknown nodes with 404", async () => {
    const cases: [unknown, string][] = [
      [{}, "no field"],
      [{ cpus: -3 }, "cpus"],
      [{ memory: 8 }, "memory"],
      [{ gpu_slots: "2" }, "gpu_slots"],
      [{ unschedulable: "yes" }, "unschedulable"],
      [{ name: "renamed" }, "name"],
    ];
    for (const [body, field] of cases) {
      const response = await cluster.request("PATCH", "/1.0/nodes/lxd0", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toContain(field);
    }
    const missing = await cluster.request("PATCH", "/1.0/nodes/ghost", { body: { cpus: 2 } });
    expect(missing.status).toBe(404);
  });
});

describe("DELETE /1.0/nodes/{name}", () => {
  it("refuses to remove a node with instances unless forced, then fails them", async () => {
    await operate("POST", "/1.0/nodes", { name: "busy" });
    const instance = await putInstanceOn("busy");
    const refused = await cluster.request("DELETE", "/1.0/nodes/busy");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("1 instance");
    expect(refused.body.error).toContain("force");
    expect((await getNode("busy")).node.name).toBe("busy");

    const operation = await operate("DELETE", "/1.0/nodes/busy", { force: true });
    expect(operation.status).toBe("Success");
    expect((await cluster.request("GET", "/1.0/nodes/busy")).status).toBe(404);
    const row = await cluster.running.context.db
      .selectFrom("instances")
      .select(["status", "error_message"])
      .where("id", "=", instance)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("error");
    expect(row.error_message).toContain("busy");
  });

  it("removes an empty node and announces it; 404 for an unknown one, 400 for a bad body", async () => {
    await operate("POST", "/1.0/nodes", { name: "spare" });
    const events: AmsEvent[] = [];
    const unsubscribe = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) =>
      events.push(event),
    );
    await operate("DELETE", "/1.0/nodes/spare");
    unsubscribe();
    expect(events.map((event) => event.metadata)).toContainEqual(
      expect.objectContaining({ action: "node-deleted", source: "/1.0/nodes/spare" }),
    );
    expect((await cluster.request("DELETE", "/1.0/nodes/spare")).status).toBe(404);
    const bad = await cluster.request("DELETE", "/1.0/nodes/lxd0", json({ force: "yes" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("force");
  });
});
