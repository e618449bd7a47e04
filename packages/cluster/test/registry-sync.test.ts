import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type {
  AmsApplication,
  AmsOperation,
  AmsRegistryApplication,
} from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createApplication,
  fakeApk,
  manifestYaml,
  minimalManifest,
  zipPackage,
} from "./helpers/application-packages.ts";
import { writeAndWait } from "./helpers/instance-helpers.ts";

// The automatic modes of the registry (registry.mode push and pull), with a one-second
// registry.update_interval: one cluster pushes by itself, the other pulls by itself, through a
// registry directory they share. Manual push, pull and delete are in registry.test.ts.
let pusher: TestCluster;
let puller: TestCluster;
let registryDir: string;

/** Sets a key as a client does (PATCH /1.0/config), so that the cluster hears of the change. */
async function configure(cluster: TestCluster, name: string, value: string): Promise<void> {
  const operation = await writeAndWait(cluster, "PATCH", "/1.0/config", { name, value });
  expect(operation.status, operation.err).toBe("Success");
}

/** The registry as the pusher sees it (the puller has no registry.url until the second test). */
async function registry(): Promise<AmsRegistryApplication[]> {
  const response = await pusher.request<AmsRegistryApplication[]>(
    "GET",
    "/1.0/registry/applications",
  );
  return response.body.metadata;
}

async function application(
  cluster: TestCluster,
  name: string,
): Promise<AmsApplication | undefined> {
  const response = await cluster.request<AmsApplication>("GET", `/1.0/applications/${name}`);
  return response.status === 200 ? response.body.metadata : undefined;
}

/** Polls until `check` gives a value (each sync round is a second apart). */
async function eventually<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function pushApplication(name: string, tags: string[]): Promise<AmsApplication> {
  const { application } = await createApplication(pusher, {
    "manifest.yaml": manifestYaml(minimalManifest(name, { tags })),
    "app.apk": fakeApk(),
  });
  return application;
}

/** The registry's version numbers of an application, once it has `count` of them. */
function registryVersions(name: string, count: number): Promise<string[]> {
  return eventually(`${String(count)} registry versions of ${name}`, async () => {
    const entry = (await registry()).find((each) => each.name === name);
    const numbers = Object.keys(entry?.versions ?? {});
    return numbers.length === count ? numbers : undefined;
  });
}

/** How many versions the cluster's application has, once it has `count`. */
function localVersions(cluster: TestCluster, name: string, count: number): Promise<number> {
  return eventually(`${String(count)} versions of ${name}`, async () => {
    const found = await application(cluster, name);
    return found?.versions.length === count ? count : undefined;
  });
}

beforeAll(async () => {
  registryDir = mkdtempSync(join(tmpdir(), "registry-sync-test-"));
  [pusher, puller] = await Promise.all([startTestCluster(), startTestCluster()]);
  for (const cluster of [pusher, puller]) {
    await configure(cluster, "registry.update_interval", "1s");
  }
  await configure(pusher, "registry.mode", "push");
  await configure(pusher, "registry.url", registryDir);
  await configure(puller, "registry.mode", "pull");
  await configure(puller, "registry.filter", "fast");
  // The puller's registry.url is set once the pusher has pushed (the second test).
});

afterAll(async () => {
  await pusher.destroy();
  await puller.destroy();
  rmSync(registryDir, { recursive: true, force: true });
});

describe("automatic registry synchronisation", () => {
  it("pushes each application's newest published version by itself, as an operation", async () => {
    const fast = await pushApplication("sync-fast", ["fast"]);
    await pushApplication("sync-slow", []);
    expect(await registryVersions("sync-fast", 1)).toEqual(["0"]);
    expect(await registryVersions("sync-slow", 1)).toEqual(["0"]);
    const operations = await pusher.request<AmsOperation[]>("GET", "/1.0/operations?recursion=1");
    const pushes = operations.body.metadata.filter(
      (operation) => operation.description === "Pushing application to the registry",
    );
    expect(pushes.some((push) => push.resources.applications?.[0]?.endsWith(fast.id))).toBe(true);
    expect(pushes.every((push) => push.status === "Success")).toBe(true);

    // A new version is pushed too, and only once.
    const changed = await pusher.request("PATCH", `/1.0/applications/${fast.id}`, {
      raw: zipPackage({
        "manifest.yaml": manifestYaml(minimalManifest("sync-fast", { tags: ["fast"] })),
      }),
    });
    expect(changed.status).toBe(202);
    expect(await registryVersions("sync-fast", 2)).toEqual(["0", "1"]);
  });

  it("pulls the registry's applications that carry every tag of registry.filter", async () => {
    await configure(puller, "registry.url", `file://${registryDir}`);
    const pulled = await eventually("sync-fast pulled", () => application(puller, "sync-fast"));
    expect(pulled.tags).toEqual(["fast"]);
    // Several rounds later: still one version (not pulled again), and the untagged one left out.
    await sleep(2500);
    expect((await application(puller, "sync-fast"))?.versions).toHaveLength(1);
    expect(await application(puller, "sync-slow")).toBeUndefined();
  });

  it("pulls a newer registry version into the application it pulled before", async () => {
    const fast = await application(pusher, "sync-fast");
    const changed = await pusher.request("PATCH", `/1.0/applications/${fast?.id ?? ""}`, {
      raw: zipPackage({
        "manifest.yaml": manifestYaml(minimalManifest("sync-fast", { tags: ["fast", "v3"] })),
      }),
    });
    expect(changed.status).toBe(202);
    await registryVersions("sync-fast", 3);
    expect(await localVersions(puller, "sync-fast", 2)).toBe(2);
    expect((await application(puller, "sync-fast"))?.tags).toEqual(["fast", "v3"]);
  });

  it("goes on with the other applications when one cannot be pulled", async () => {
    // A registry entry whose package is not a package: its pull fails at every round.
    const broken = join(registryDir, "applications", "sync-broken");
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, "0.zip"), "not a zip");
    writeFileSync(
      join(broken, "application.json"),
      JSON.stringify({
        id: "broken",
        name: "sync-broken",
        architectures: ["x86_64"],
        boot_package: "",
        instance_type: "a2.3",
        tags: ["fast"],
        versions: { "0": { created_at: 1, manifest_version: "", size: 9 } },
        vm: false,
      } satisfies AmsRegistryApplication),
    );
    await pushApplication("sync-later", ["fast"]);
    await eventually("sync-later pulled", () => application(puller, "sync-later"));
    expect(await application(puller, "sync-broken")).toBeUndefined();
  });

  it("does nothing in manual mode, and syncs shortly after the mode changes", async () => {
    await configure(puller, "registry.update_interval", "1h");
    await configure(puller, "registry.mode", "manual");
    await pushApplication("sync-manual", ["fast"]);
    await registryVersions("sync-manual", 1);
    await sleep(2500);
    expect(await application(puller, "sync-manual")).toBeUndefined();
    // The interval is an hour now: only the change of mode can bring it.
    await configure(puller, "registry.mode", "pull");
    await eventually("sync-manual pulled", () => application(puller, "sync-manual"));
  });
});
