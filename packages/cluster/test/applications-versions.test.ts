import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  AmsApplication,
  AmsApplicationVersion,
  AmsEvent,
  AmsOperation,
} from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createApplication,
  fakeApk,
  manifestYaml,
  minimalManifest,
  uploadApplication,
  zipPackage,
} from "./helpers/application-packages.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";
import { json } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;
const events: AmsEvent[] = [];

beforeAll(async () => {
  cluster = await startTestCluster();
  cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) => events.push(event));
});

afterAll(async () => {
  await cluster.destroy();
});

async function getApp(idOrName: string): Promise<AmsApplication> {
  const response = await cluster.request<AmsApplication>("GET", `/1.0/applications/${idOrName}`);
  expect(response.status).toBe(200);
  return response.body.metadata;
}

async function run(
  method: string,
  path: string,
  body?: unknown,
  raw?: Buffer,
): Promise<AmsOperation> {
  const response = await cluster.request<AmsOperation>(
    method,
    path,
    raw ? { raw } : body === undefined ? {} : json(body),
  );
  if (response.status !== 202)
    throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return cluster.waitOperation(response.body.metadata.id);
}

async function setConfig(key: string, value: string): Promise<void> {
  const db = cluster.running.context.db;
  await db.deleteFrom("config").where("key", "=", key).execute();
  await db.insertInto("config").values({ key, value }).execute();
}

describe("versions", () => {
  it("adds a version from a new package, keeps each manifest, and publishes it (auto_publish)", async () => {
    const first = manifestYaml(minimalManifest("versioned", { version: "1.0" }));
    const { application } = await createApplication(cluster, {
      "manifest.yaml": first,
      "app.apk": fakeApk(),
    });
    const second = manifestYaml(minimalManifest("versioned", { version: "2.0", tags: ["beta"] }));
    const operation = await run(
      "PATCH",
      `/1.0/applications/${application.id}`,
      undefined,
      zipPackage({ "manifest.yaml": second }),
    );
    expect(operation.status).toBe("Success");

    const app = await getApp(application.id);
    expect(app.status).toBe("ready");
    expect(app.tags).toEqual(["beta"]);
    expect(
      app.versions.map((version) => [version.number, version.manifest_version, version.published]),
    ).toEqual([
      [0, "1.0", true],
      [1, "2.0", true],
    ]);
    const latest = await cluster.request("GET", `/1.0/applications/${application.id}/manifest`);
    expect(latest.text).toBe(second);
    expect(latest.headers["x-ams-manifestsha256"]).toMatch(/^[0-9a-f]{64}$/);
    const old = await cluster.request("GET", `/1.0/applications/${application.id}/0/manifest`);
    expect(old.text).toBe(first);
    const version = await cluster.request<AmsApplicationVersion>(
      "GET",
      `/1.0/applications/${application.id}/1`,
    );
    expect(version.body.metadata).toMatchObject({
      number: 1,
      status: "active",
      manifest_version: "2.0",
    });
    expect(
      existsSync(join(cluster.dataDir, "applications", application.id, "1", "manifest.yaml")),
    ).toBe(true);
  });

  it("refuses a package whose manifest names another application", async () => {
    const response = await uploadApplication(
      cluster,
      zipPackage({ "manifest.yaml": manifestYaml(minimalManifest("someone-else")) }),
      "/1.0/applications/versioned",
      "PATCH",
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toContain("is not the name of the application");
  });

  it("leaves a new version unpublished when auto_publish is off, until it is published", async () => {
    await setConfig("application.auto_publish", "false");
    try {
      const { application } = await createApplication(cluster, {
        "manifest.yaml": manifestYaml(minimalManifest("manual-publish")),
      });
      expect(application.status).toBe("ready");
      expect(application.published).toBe(false);
      const published = await run("PATCH", `/1.0/applications/${application.id}/0`, {
        published: true,
      });
      expect(published.status).toBe("Success");
      expect((await getApp(application.id)).versions[0]?.published).toBe(true);
      await run("PATCH", `/1.0/applications/${application.id}/0`, { published: false });
      expect((await getApp(application.id)).published).toBe(false);
    } finally {
      await setConfig("application.auto_publish", "true");
    }
  });

  it("refuses to publish a version that failed", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("failed-version")),
      "app.apk": "not an apk",
    });
    const response = await cluster.request("PATCH", `/1.0/applications/${application.id}/0`, {
      body: { published: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain("only a ready version can be published");
    const bad = await cluster.request("PATCH", `/1.0/applications/${application.id}/0`, {
      body: { published: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("published");
  });

  it("changes the application without a version for image, tags or resources", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("meta-only")),
    });
    const operation = await run("PATCH", `/1.0/applications/${application.id}/`, {
      tags: ["a", "b"],
      resources: { cpus: 4 },
      inhibit_auto_updates: true,
      image: "jammy:aaos14:amd64",
    });
    expect(operation.status).toBe("Success");
    const app = await getApp(application.id);
    expect(app.versions).toHaveLength(1);
    expect(app.tags).toEqual(["a", "b", "app_type_automotive"]);
    expect(app.resources).toMatchObject({ cpus: 4, memory: "3GB" });
    expect(app.inhibit_auto_updates).toBe(true);
    expect(app.parent_image_variant).toBe("aaos");

    const tooSmall = await cluster.request("PATCH", `/1.0/applications/${application.id}/`, {
      body: { resources: { memory: "1GB" } },
    });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.error).toContain("resources.memory");
    const unknown = await cluster.request("PATCH", `/1.0/applications/${application.id}/`, {
      body: { colour: "red" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain("colour");
  });

  it("makes a new version, with the files of the last one, for features or watchdog", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("meta-version")),
      "app.apk": fakeApk(),
    });
    const operation = await run("PATCH", `/1.0/applications/${application.id}/`, {
      features: ["enable_virtual_keyboard"],
      watchdog: { disabled: true },
      tags: ["kept"],
    });
    expect(operation.status).toBe("Success");
    const app = await getApp(application.id);
    expect(app.versions).toHaveLength(2);
    expect(app.versions[1]).toMatchObject({
      status: "active",
      features: ["enable_virtual_keyboard"],
      watchdog: { disabled: true },
    });
    expect(app.tags).toEqual(["kept"]);
    const directory = join(cluster.dataDir, "applications", application.id, "1");
    expect(existsSync(join(directory, "app.apk"))).toBe(true);
    expect(readFileSync(join(directory, "manifest.yaml"), "utf8")).toContain(
      "enable_virtual_keyboard",
    );
  });

  it("deletes a version, but never the only one", async () => {
    const app = await getApp("versioned");
    const only = await getApp("meta-only");
    const refused = await cluster.request("DELETE", `/1.0/applications/${only.id}/0`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("only version");
    const operation = await run("DELETE", `/1.0/applications/${app.id}/0`);
    expect(operation.status).toBe("Success");
    const after = await getApp(app.id);
    expect(after.versions.map((version) => version.number)).toEqual([1]);
    expect(existsSync(join(cluster.dataDir, "applications", app.id, "0"))).toBe(false);
    const missing = await cluster.request("GET", `/1.0/applications/${app.id}/0`);
    expect(missing.status).toBe(404);
    // Past a 32-bit integer: PostgreSQL failed the query (a 500) where SQLite answered 404.
    for (const method of ["GET", "DELETE"] as const) {
      const huge = await cluster.request(method, `/1.0/applications/${app.id}/2147483648`);
      expect(huge.status, method).toBe(400);
      expect(huge.body.error).toContain("version: must be at most 2147483647");
    }
  });
});

describe("deleting applications", () => {
  async function addInstance(appId: string, status: string): Promise<void> {
    await insertInstanceRow(cluster, { app_id: appId, status });
  }

  it("refuses to delete an application in use unless forced, and removes its files", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("in-use")),
    });
    await addInstance(application.id, "running");
    const refused = await cluster.request(
      "DELETE",
      `/1.0/applications/${application.id}`,
      json({ force: false }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("is used by 1 instance");
    const before = events.length;
    const operation = await run("DELETE", `/1.0/applications/${application.id}`, { force: true });
    expect(operation.status).toBe("Success");
    expect((await cluster.request("GET", `/1.0/applications/${application.id}`)).status).toBe(404);
    expect(existsSync(join(cluster.dataDir, "applications", application.id))).toBe(false);
    expect(events.slice(before).map((event) => event.metadata)).toContainEqual(
      expect.objectContaining({
        action: "application-deleted",
        source: `/1.0/applications/${application.id}`,
      }),
    );
  });

  it("ignores deleted instances, and deletes several applications at once by id or name", async () => {
    const one = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("bulk-one")),
    });
    await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("bulk-two")),
    });
    await addInstance(one.application.id, "deleted");
    const missing = await cluster.request(
      "DELETE",
      "/1.0/applications",
      json({ ids: ["bulk-one", "nope"] }),
    );
    expect(missing.status).toBe(404);
    const operation = await run("DELETE", "/1.0/applications", {
      ids: [one.application.id, "bulk-two"],
    });
    expect(operation.resources.applications).toHaveLength(2);
    const list = await cluster.request<AmsApplication[]>("GET", "/1.0/applications?recursion=1");
    expect(list.body.metadata.map((app) => app.name)).not.toContain("bulk-one");
    expect(list.body.metadata.map((app) => app.name)).not.toContain("bulk-two");
  });

  it("announces creation and updates as lifecycle events", () => {
    const actions = events.map((event) =>
      event.type === "lifecycle" ? event.metadata.action : "",
    );
    expect(actions).toContain("application-created");
    expect(actions).toContain("application-updated");
  });
});

describe("request bodies", () => {
  it("takes a DELETE with a JSON content type and no body as not forced", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("empty-body")),
    });
    const response = await cluster.request<AmsOperation>(
      "DELETE",
      `/1.0/applications/${application.id}`,
      {
        headers: { "content-type": "application/json" },
      },
    );
    expect(response.status).toBe(202);
    const broken = await cluster.request("DELETE", "/1.0/applications", {
      raw: Buffer.from("{ids:"),
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain("not valid JSON");
  });
});

describe("application.max_published_versions", () => {
  it("revokes the oldest published versions past the limit", async () => {
    await setConfig("application.max_published_versions", "1");
    try {
      const { application } = await createApplication(cluster, {
        "manifest.yaml": manifestYaml(minimalManifest("few-published")),
      });
      await run("PATCH", `/1.0/applications/${application.id}/`, { manifest_version: "2" });
      const app = await getApp(application.id);
      expect(app.versions.map((version) => version.published)).toEqual([false, true]);
    } finally {
      await setConfig("application.max_published_versions", "3");
    }
  });
});
