import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AmsApplication, AmsRegistryApplication } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createApplication,
  fakeApk,
  manifestYaml,
  minimalManifest,
} from "./helpers/application-packages.ts";
import { json, writeAndWait } from "./helpers/instance-helpers.ts";

// Two clusters of one machine share a registry directory: one pushes, the other lists and pulls.
let pusher: TestCluster;
let puller: TestCluster;
let registryDir: string;

async function setConfig(cluster: TestCluster, key: string, value: string): Promise<void> {
  const db = cluster.running.context.db;
  await db.deleteFrom("config").where("key", "=", key).execute();
  await db.insertInto("config").values({ key, value }).execute();
}

// A write that answers with an operation, waited for: the shared helper under a short name.
const run = writeAndWait;

async function listRegistry(cluster: TestCluster): Promise<AmsRegistryApplication[]> {
  const response = await cluster.request<AmsRegistryApplication[]>(
    "GET",
    "/1.0/registry/applications",
  );
  expect(response.status).toBe(200);
  return response.body.metadata;
}

beforeAll(async () => {
  registryDir = mkdtempSync(join(tmpdir(), "registry-test-"));
  pusher = await startTestCluster();
  puller = await startTestCluster();
  // By hand here: registry-sync.test.ts has the automatic modes.
  await setConfig(pusher, "registry.mode", "manual");
  await setConfig(puller, "registry.mode", "manual");
  await setConfig(pusher, "registry.url", registryDir);
  await setConfig(puller, "registry.url", `file://${registryDir}`);
});

afterAll(async () => {
  await pusher.destroy();
  await puller.destroy();
  rmSync(registryDir, { recursive: true, force: true });
});

describe("the application registry", () => {
  it("starts empty", async () => {
    expect(await listRegistry(puller)).toEqual([]);
  });

  it("pushes an application's published version, which the other cluster then lists", async () => {
    const { application } = await createApplication(pusher, {
      "manifest.yaml": manifestYaml(
        minimalManifest("shared-app", { "boot-package": "com.example.shared", tags: ["t1"] }),
      ),
      "app.apk": fakeApk(),
    });
    const operation = await run(pusher, "POST", "/1.0/registry/applications/push", {
      id: application.id,
    });
    expect(operation.status).toBe("Success");
    const listed = await listRegistry(puller);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: application.id,
      name: "shared-app",
      boot_package: "com.example.shared",
      architectures: ["x86_64"],
      tags: ["t1"],
      vm: false,
    });
    expect(Object.keys(listed[0]?.versions ?? {})).toEqual(["0"]);
  });

  it("pulls it into the other cluster, bootstrapped from the pushed package", async () => {
    const operation = await run(puller, "POST", "/1.0/registry/applications/pull", {
      id: "shared-app",
    });
    expect(operation.status).toBe("Success");
    const app = await puller.request<AmsApplication>("GET", "/1.0/applications/shared-app");
    expect(app.body.metadata).toMatchObject({
      status: "ready",
      boot_package: "com.example.shared",
    });
    expect(
      existsSync(join(puller.dataDir, "applications", app.body.metadata.id, "0", "app.apk")),
    ).toBe(true);
  });

  it("refuses to push an application without a published version", async () => {
    await setConfig(pusher, "application.auto_publish", "false");
    const { application } = await createApplication(pusher, {
      "manifest.yaml": manifestYaml(minimalManifest("unpublished")),
    });
    const refused = await pusher.request(
      "POST",
      "/1.0/registry/applications/push",
      json({ id: application.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("no published version");
    const missing = await puller.request(
      "POST",
      "/1.0/registry/applications/pull",
      json({ id: "nope" }),
    );
    expect(missing.status).toBe(404);
  });

  it("deletes an application from the registry", async () => {
    const [entry] = await listRegistry(pusher);
    const operation = await run(pusher, "DELETE", `/1.0/registry/applications/${entry?.id ?? ""}`);
    expect(operation.status).toBe("Success");
    expect(await listRegistry(puller)).toEqual([]);
    const again = await pusher.request("DELETE", `/1.0/registry/applications/${entry?.id ?? ""}`);
    expect(again.status).toBe(404);
  });
});
