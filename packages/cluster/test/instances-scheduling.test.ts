import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AmsOperation } from "@anbox-dashboard/contract";
import { newId } from "../src/store/ids.ts";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createInstance,
  getInstance,
  waitForStatus,
  writeAndWait,
} from "./helpers/instance-helpers.ts";

let cluster: TestCluster;

beforeAll(async () => {
  // lxd0: 8 CPUs × allocation rate 4 = 32 schedulable CPUs.
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function post(body: unknown): Promise<AmsOperation> {
  const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", { body });
  expect(response.status, response.text).toBe(202);
  return response.body.metadata;
}

describe("scheduling", () => {
  it("fails an instance that fits nowhere: the operation carries the scheduler's message", async () => {
    const { id, operation } = await createInstance(cluster, {
      name: "too-big",
      resources: { cpus: 100 },
    });
    expect(operation.status).toBe("Failure");
    expect(operation.err).toContain("No node with enough resources: needs 100 CPUs");
    const instance = await getInstance(cluster, id);
    expect(instance.status).toBe("error");
    expect(instance.status_code).toBe(-1);
    expect(instance.error_message).toBe(operation.err);
    expect(instance.stored_logs).toContain("boot.log");
    // A failed instance holds nothing and goes without force.
    const deleted = await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`);
    expect(deleted.status).toBe("Success");
  });

  it("never over-commits a node under concurrent creates", async () => {
    const operations = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post({ name: `big-${index}`, resources: { cpus: 8 } }),
      ),
    );
    const finished = await Promise.all(
      operations.map((operation) => cluster.waitOperation(operation.id)),
    );
    const statuses = finished.map((operation) => operation.status).sort();
    expect(statuses).toEqual(["Failure", "Failure", "Success", "Success", "Success", "Success"]);
  });

  it("releases CPUs when an instance stops, and a failed instance may be started again", async () => {
    const failed = (
      await cluster.request<{ id: string; status: string }[]>(
        "GET",
        "/1.0/instances?recursion=1&status=error",
      )
    ).body.metadata.map((instance) => instance.id);
    expect(failed).toHaveLength(2);
    const running = (
      await cluster.request<{ id: string }[]>("GET", "/1.0/instances?recursion=1&status=running")
    ).body.metadata;
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${running[0]?.id ?? ""}`, {
      desired_status: "stopped",
    });
    const retried = await writeAndWait(cluster, "PATCH", `/1.0/instances/${failed[0] ?? ""}`, {
      desired_status: "running",
    });
    expect(retried.status).toBe("Success");
    const instance = await getInstance(cluster, failed[0] ?? "");
    expect(instance.status).toBe("running");
    expect(instance.error_message).toBe("");
    // The node is full again: the stopped one cannot come back now.
    const refused = await writeAndWait(cluster, "PATCH", `/1.0/instances/${running[0]?.id ?? ""}`, {
      desired_status: "running",
    });
    expect(refused.status).toBe("Failure");
    expect(refused.err).toContain("No node with enough resources");
  });
});

describe("instances from applications", () => {
  async function addApplication(
    name: string,
    status: string,
    version: { published: boolean; status: string } | undefined,
  ): Promise<string> {
    const { db } = cluster.running.context;
    const image = await db
      .selectFrom("images")
      .select(["id", "variant"])
      .where("type", "=", "container")
      .where("is_default", "=", 1)
      .executeTakeFirstOrThrow();
    const id = newId();
    await db
      .insertInto("applications")
      .values({
        id,
        name,
        status,
        vm: 0,
        instance_type: "",
        boot_package: "com.example.game",
        parent_image_id: image.id,
        parent_image_variant: image.variant,
        abi: "x86_64",
        immutable: 0,
        inhibit_auto_updates: 0,
        tags: "[]",
        node_selector: "[]",
        addons: "[]",
        resources: JSON.stringify({ cpus: 1, memory: "4GB", "disk-size": "5GB" }),
        created_at: 1,
        revision: 1,
      })
      .execute();
    if (version) {
      await db
        .insertInto("application_versions")
        .values({
          application_id: id,
          number: 0,
          manifest_version: "0.1",
          manifest: JSON.stringify({ name, features: ["enable_virtual_keyboard"] }),
          manifest_text: "",
          parent_image_id: image.id,
          parent_image_version: 0,
          status: version.status,
          published: version.published ? 1 : 0,
          boot_activity: "com.example.game.Main",
          error_message: "",
          size: 0,
          package_path: "",
          created_at: 1,
        })
        .execute();
    }
    return id;
  }

  it("launches the latest published version with the application's resources", async () => {
    const appId = await addApplication("game", "ready", { published: true, status: "active" });
    // Free the node first: the earlier tests filled it.
    const everyone = (await cluster.request<string[]>("GET", "/1.0/instances")).body.metadata;
    await writeAndWait(cluster, "DELETE", "/1.0/instances", {
      ids: everyone.map((url) => url.split("/").pop()),
      force: true,
    });
    const { id, operation } = await createInstance(cluster, { app_id: "game" });
    expect(operation.status, operation.err).toBe("Success");
    const instance = await getInstance(cluster, id);
    expect(instance).toMatchObject({
      app_id: appId,
      app_name: "game",
      app_version: 0,
      resources: { cpus: 1, memory: 4e9, "disk-size": 5e9 },
      config: {
        boot_package: "com.example.game",
        boot_activity: "com.example.game.Main",
        features: "enable_virtual_keyboard",
      },
    });
    expect((await cluster.request(`GET`, `/1.0/instances?app_name=game`)).body.total_size).toBe(1);
    expect(
      (await cluster.request(`GET`, `/1.0/instances?app_id=${appId}&app_version=0`)).body
        .total_size,
    ).toBe(1);
  });

  it("refuses applications without a published version or not ready", async () => {
    await addApplication("draft", "ready", { published: false, status: "active" });
    await addApplication("baking", "initializing", undefined);
    const draft = await cluster.request("POST", "/1.0/instances", { body: { app_id: "draft" } });
    expect(draft.status).toBe(400);
    expect(draft.body.error).toBe("application draft has no published version");
    const baking = await cluster.request("POST", "/1.0/instances", { body: { app_id: "baking" } });
    expect(baking.status).toBe(400);
    expect(baking.body.error).toContain("not ready");
    const vm = await cluster.request("POST", "/1.0/instances", {
      body: { app_id: "game", type: "vm" },
    });
    expect(vm.status).toBe(400);
  });
});

describe("changing course while booting", () => {
  let slow: TestCluster;

  beforeAll(async () => {
    slow = await startTestCluster({ bootStepDelayMs: 150 });
  });

  afterAll(async () => {
    await slow.destroy();
  });

  it("stops a booting instance: the boot gives way and the instance ends stopped", async () => {
    const created = await slow.request<AmsOperation>("POST", "/1.0/instances", {
      body: { name: "hasty" },
    });
    const id = created.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
    await waitForStatus(slow, id, "prepared");
    const stop = await writeAndWait(slow, "PATCH", `/1.0/instances/${id}`, {
      desired_status: "stopped",
    });
    expect(stop.status).toBe("Success");
    const create = await slow.waitOperation(created.body.metadata.id);
    expect(create.status).toBe("Failure");
    expect(create.err).toContain("stopped before it finished booting");
    expect((await getInstance(slow, id)).status).toBe("stopped");
  });

  it("accepts a start while booting, and a forced delete interrupts a boot", async () => {
    const created = await slow.request<AmsOperation>("POST", "/1.0/instances", { body: {} });
    const id = created.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
    const start = await writeAndWait(slow, "PATCH", `/1.0/instances/${id}`, {
      desired_status: "running",
    });
    expect(start.status).toBe("Success");
    expect((await slow.waitOperation(created.body.metadata.id)).status).toBe("Success");
    expect((await getInstance(slow, id)).status).toBe("running");

    const second = await slow.request<AmsOperation>("POST", "/1.0/instances", { body: {} });
    const other = second.body.metadata.resources.instances?.[0]?.split("/").pop() ?? "";
    await waitForStatus(slow, other, "prepared");
    const deleted = await writeAndWait(slow, "DELETE", `/1.0/instances/${other}`, { force: true });
    expect(deleted.status).toBe("Success");
    expect((await slow.waitOperation(second.body.metadata.id)).status).toBe("Failure");
    expect((await slow.request("GET", `/1.0/instances/${other}`)).status).toBe(404);
  });
});
