import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  instanceStatusCodes,
  type AmsInstance,
  type AmsOperation,
  type LifecycleEventMetadata,
} from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createInstance,
  getInstance,
  recordLifecycle,
  json,
  writeAndWait,
} from "./helpers/instance-helpers.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

describe("creating an instance", () => {
  it("answers 202 with an operation naming the instance, which boots to running", async () => {
    const response = await cluster.request<AmsOperation>("POST", "/1.0/instances", {
      body: { name: "first", tags: ["session=abc", "team-a"] },
    });
    expect(response.status).toBe(202);
    expect(response.headers.location).toBe(`/1.0/operations/${response.body.metadata.id}`);
    const operation = response.body.metadata;
    expect(operation.description).toBe("Creating instance");
    const url = operation.resources.instances?.[0] ?? "";
    expect(url).toMatch(/^\/1\.0\/instances\/[0-9a-v]{20}$/);
    const done = await cluster.waitOperation(operation.id);
    expect(done.status).toBe("Success");

    const instance = await getInstance(cluster, "first");
    expect(instance).toMatchObject({
      name: "first",
      type: "container",
      status: "running",
      status_code: 4,
      node: "lxd0",
      base: false,
      app_id: "",
      public_address: "127.0.0.1",
      tags: ["session=abc", "team-a"],
      resources: { cpus: 2, memory: 3e9, "disk-size": 3e9, "gpu-slots": 0, "vpu-slots": 0 },
      config: {
        display: { width: 1280, height: 720, fps: 60, density: 240 },
        security: { delete_protected: false },
        platform: "null",
      },
    });
    expect(instance.address).toMatch(/^10\.100\.\d+\.\d+$/);
    expect(Number.isInteger(instance.created_at)).toBe(true);
    expect(instance.stored_logs).toEqual(["android.log", "boot.log", "system.log"]);
    expect(instance.id).toBe(url.split("/").pop());
    const defaultImage = await cluster.running.context.db
      .selectFrom("images")
      .select(["id", "name"])
      .where("type", "=", "container")
      .where("is_default", "=", 1)
      .executeTakeFirstOrThrow();
    expect(instance.image_id).toBe(defaultImage.id);
    expect(instance.image_name).toBe(defaultImage.name);
  });

  it("names an instance ams-<id> by default and lays out its device directory", async () => {
    const { id } = await createInstance(cluster, {});
    const instance = await getInstance(cluster, id);
    expect(instance.name).toBe(`ams-${id}`);
    const rootfs = join(cluster.dataDir, "instances", id, "rootfs");
    const buildProp = readFileSync(join(rootfs, "system/build.prop"), "utf8");
    expect(buildProp).toContain(`ro.anbox.instance.id=${id}`);
    const release = /android(\d+)/.exec(instance.image_name)?.[1] ?? "?";
    expect(buildProp).toContain(`ro.build.version.release=${release}`);
    expect(existsSync(join(rootfs, "data"))).toBe(true);
    expect(existsSync(join(rootfs, "tmp"))).toBe(true);
  });

  it("announces each status as a lifecycle event after persisting it", async () => {
    const recorder = recordLifecycle(cluster);
    const seen: string[] = [];
    const unsubscribe = cluster.running.context.events.subscribe(
      new Set(["lifecycle"]),
      (event) => {
        const metadata = event.metadata as LifecycleEventMetadata;
        // The status the event announces is already the one stored.
        void cluster.running.context.db
          .selectFrom("instances")
          .select("status")
          .where("id", "=", metadata.source.split("/").pop() ?? "")
          .executeTakeFirst()
          .then((row) => seen.push(`${String(metadata.context?.status)}=${row?.status ?? "gone"}`));
      },
    );
    const { id } = await createInstance(cluster, { config: { enable_streaming: true } });
    recorder.stop();
    unsubscribe();
    const mine = recorder.events
      .map((event) => event.metadata as LifecycleEventMetadata)
      .filter((metadata) => metadata.source === `/1.0/instances/${id}`);
    expect(mine.map((metadata) => metadata.action)).toEqual([
      "instance-created",
      "instance-scheduled",
      "instance-started",
      "instance-running",
    ]);
    expect(mine.map((metadata) => metadata.context?.status)).toEqual([
      "created",
      "prepared",
      "started",
      "running",
    ]);
    const instance = await getInstance(cluster, id);
    expect(instance.config.platform).toBe("webrtc");
  });

  it("takes resources, display and protection from the request, rounding odd sizes up", async () => {
    const { id } = await createInstance(cluster, {
      type: "container",
      resources: { cpus: 3, memory: 4e9, disk_size: 5e9, "gpu-slots": 1 },
      config: {
        display: { width: 1023, height: 767, fps: 30, density: 160 },
        boot_package: "com.example.app",
        security: { delete_protected: true },
      },
    });
    const instance = await getInstance(cluster, id);
    expect(instance.resources).toEqual({
      cpus: 3,
      memory: 4e9,
      "disk-size": 5e9,
      "gpu-slots": 1,
      "vpu-slots": 0,
    });
    expect(instance.config.display).toEqual({ width: 1024, height: 768, fps: 30, density: 160 });
    expect(instance.config.security.delete_protected).toBe(true);
    const android = readFileSync(
      join(cluster.dataDir, "instances", id, "logs", "android.log"),
      "utf8",
    );
    expect(android).toContain("com.example.app");
  });

  it("makes a VM with a 15 GiB disk from the default VM image", async () => {
    const { id, operation } = await createInstance(cluster, { type: "vm" });
    expect(operation.status).toBe("Success");
    const instance = await getInstance(cluster, id);
    expect(instance.type).toBe("vm");
    expect(instance.resources["disk-size"]).toBe(15 * 1024 ** 3);
  });

  it("refuses a taken name with 409 and bad names with the SPEC messages", async () => {
    const taken = await cluster.request("POST", "/1.0/instances", { body: { name: "first" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("An instance with this name already exists");

    const cases: [string, string][] = [
      ["a".repeat(64), "Instance name must be between 1 and 63 characters"],
      ["bad_name", "Only alphanumeric and hyphen characters are allowed"],
      ["1abc", "Instance name must start with a letter"],
    ];
    for (const [name, message] of cases) {
      const response = await cluster.request("POST", "/1.0/instances", { body: { name } });
      expect(response.status).toBe(400);
      expect(response.body.error).toContain(message);
    }
  });

  it("answers bad input with 4xx naming the problem", async () => {
    const cases: [unknown, number, string][] = [
      [{ type: "phone" }, 400, "type"],
      [{ resources: { cpus: "four" } }, 400, "cpus"],
      [{ resources: { cpus: 0 } }, 400, "cpus"],
      [{ tags: "x" }, 400, "tags"],
      [{ app_id: "nope" }, 404, "nope"],
      [{ image_id: "no-such-image" }, 404, "no-such-image"],
      [{ image_id: "jammy:android13:amd64", image_version: 7 }, 400, "no version 7"],
      [{ image_id: "jammy:android13:amd64", image_version: 2 ** 40 }, 400, "at most 2147483647"],
      [{ app_id: "x", app_version: 2 ** 31 }, 400, "at most 2147483647"],
      [{ node: "lxd9" }, 400, "lxd9"],
      [{ app_id: "x", image_id: "y" }, 400, "not both"],
      [{ config: { display: { width: -1 } } }, 400, "width"],
      ["just text", 400, "instance"],
    ];
    for (const [body, status, fragment] of cases) {
      const response = await cluster.request("POST", "/1.0/instances", { body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error).toContain(fragment);
    }
  });

  it("answers 404 for an unknown instance and 400 for a malformed id", async () => {
    const unknown = await cluster.request("GET", "/1.0/instances/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain("nothing-here");
    const bad = await cluster.request("GET", "/1.0/instances/bad%20id%21");
    expect(bad.status).toBe(400);
  });
});

describe("starting and stopping", () => {
  it("stops and starts again, logging each step; stopping twice is a no-op success", async () => {
    const { id } = await createInstance(cluster, { name: "cycler" });
    const stop = await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, {
      desired_status: "stopped",
    });
    expect(stop.description).toBe("Stopping instance");
    expect(stop.status).toBe("Success");
    let instance = await getInstance(cluster, id);
    expect(instance.status).toBe("stopped");
    expect(instance.status_code).toBe(instanceStatusCodes.stopped);
    expect(instance.desired_status).toBe("stopped");

    const again = await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, {
      desired_status: "stopped",
    });
    expect(again.status).toBe("Success");

    const start = await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, {
      desired_status: "running",
    });
    expect(start.description).toBe("Starting instance");
    instance = await getInstance(cluster, id);
    expect(instance.status).toBe("running");
    const bootLog = readFileSync(
      join(cluster.dataDir, "instances", id, "logs", "boot.log"),
      "utf8",
    );
    expect(bootLog).toContain("[stop] stopping Android");
    expect(bootLog.match(/\[running\] Android is up/g)?.length).toBe(2);
  });

  it("refuses other desired statuses naming the allowed ones, and empty patches", async () => {
    const response = await cluster.request("PATCH", "/1.0/instances/cycler", {
      body: { desired_status: "paused" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain("running, stopped");
    const empty = await cluster.request("PATCH", "/1.0/instances/cycler", { body: {} });
    expect(empty.status).toBe(400);
  });

  it("honours If-Match with 412 when the instance changed", async () => {
    const first = await cluster.request<AmsInstance>("GET", "/1.0/instances/cycler");
    const etag = String(first.headers.etag);
    expect(etag).not.toBe("undefined");
    await writeAndWait(cluster, "PATCH", "/1.0/instances/cycler", {
      config: { security: { delete_protected: false } },
    });
    const stale = await cluster.request("PATCH", "/1.0/instances/cycler", {
      body: { desired_status: "running" },
      headers: { "if-match": etag },
    });
    expect(stale.status).toBe(412);
    const fresh = await cluster.request("GET", "/1.0/instances/cycler");
    const ok = await cluster.request<AmsOperation>("PATCH", "/1.0/instances/cycler", {
      body: { desired_status: "running" },
      headers: { "if-match": String(fresh.headers.etag) },
    });
    expect(ok.status).toBe(202);
    await cluster.waitOperation(ok.body.metadata.id);
  });

  it("creates without starting with no_start, and starts later", async () => {
    const { id } = await createInstance(cluster, { no_start: true });
    let instance = await getInstance(cluster, id);
    expect(instance.status).toBe("stopped");
    expect(instance.node).toBe("");
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "running" });
    instance = await getInstance(cluster, id);
    expect(instance.status).toBe("running");
    expect(instance.node).toBe("lxd0");
  });
});

describe("deleting", () => {
  it("needs force for a running instance, then removes row and directory", async () => {
    const { id } = await createInstance(cluster, {});
    const refused = await cluster.request("DELETE", `/1.0/instances/${id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("force");
    const recorder = recordLifecycle(cluster);
    const done = await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`, { force: true });
    recorder.stop();
    expect(done.description).toBe("Deleting instance");
    expect(done.status).toBe("Success");
    expect((await cluster.request("GET", `/1.0/instances/${id}`)).status).toBe(404);
    expect(existsSync(join(cluster.dataDir, "instances", id))).toBe(false);
    const actions = recorder.events.map(
      (event) => (event.metadata as LifecycleEventMetadata).action,
    );
    expect(actions.at(-1)).toBe("instance-removed");
  });

  it("deletes a stopped instance without force", async () => {
    const { id } = await createInstance(cluster, { no_start: true });
    const done = await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`);
    expect(done.status).toBe("Success");
    expect((await cluster.request("GET", `/1.0/instances/${id}`)).status).toBe(404);
  });

  it("refuses to delete a protected instance even with force, until protection is lifted", async () => {
    const { id } = await createInstance(cluster, { name: "guarded" });
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, {
      config: { security: { delete_protected: true } },
    });
    const refused = await cluster.request("DELETE", `/1.0/instances/${id}`, json({ force: true }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Instance guarded is protected against deletion");
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, {
      config: { security: { delete_protected: false } },
    });
    const done = await writeAndWait(cluster, "DELETE", `/1.0/instances/${id}`, { force: true });
    expect(done.status).toBe("Success");
  });

  it("rejects a wrongly typed delete body", async () => {
    const response = await cluster.request(
      "DELETE",
      "/1.0/instances/first",
      json({ force: "yes" }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toContain("force");
  });
});
