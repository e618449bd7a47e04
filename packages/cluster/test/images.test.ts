import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsImageSchema, type AmsEvent, type AmsImage } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { newId } from "../src/store/ids.ts";
import { insertInstanceRow } from "./helpers/instance-rows.ts";
import { json } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;

// A short "download" so that an import can be seen initializing before it is active.
beforeAll(async () => {
  cluster = await startTestCluster({ bootStepDelayMs: 150 });
});

afterAll(async () => {
  await cluster.destroy();
});

async function operate(method: string, path: string, body?: unknown) {
  const response = await cluster.request(method, path, body === undefined ? {} : json(body));
  expect(response.status, response.text).toBe(202);
  return cluster.waitOperation(String(response.headers.location));
}

async function listImages(query = ""): Promise<AmsImage[]> {
  const response = await cluster.request<AmsImage[]>("GET", `/1.0/images?recursion=1${query}`);
  expect(response.status).toBe(200);
  return response.body.metadata.map((image) => amsImageSchema.parse(image));
}

async function getImage(idOrName: string, query = "") {
  const response = await cluster.request<AmsImage>(
    "GET",
    `/1.0/images/${encodeURIComponent(idOrName)}${query}`,
  );
  expect(response.status, response.text).toBe(200);
  return {
    image: amsImageSchema.parse(response.body.metadata),
    etag: String(response.headers.etag),
  };
}

function defaultsOf(images: readonly AmsImage[], type: string): string[] {
  return images.filter((image) => image.type === type && image.default).map((image) => image.name);
}

async function watchLifecycle(): Promise<{ events: AmsEvent[]; stop: () => void }> {
  const events: AmsEvent[] = [];
  const stop = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) =>
    events.push(event),
  );
  return Promise.resolve({ events, stop });
}

async function addApplicationOn(imageId: string, name: string): Promise<string> {
  const id = newId();
  await cluster.running.context.db
    .insertInto("applications")
    .values({
      id,
      name,
      status: "ready",
      vm: 0,
      instance_type: "a2.3",
      boot_package: "com.example",
      parent_image_id: imageId,
      parent_image_variant: "android",
      abi: "x86_64",
      immutable: 0,
      inhibit_auto_updates: 0,
      tags: "[]",
      node_selector: "[]",
      addons: "[]",
      resources: "{}",
      created_at: 0,
      revision: 1,
    })
    .execute();
  return id;
}

function addInstanceOn(imageId: string, status: string, version = 0): Promise<string> {
  return insertInstanceRow(cluster, { image_id: imageId, image_version: version, status });
}

describe("GET /1.0/images", () => {
  it("lists the provided images as URLs and objects, one default per type", async () => {
    const urls = await cluster.request<string[]>("GET", "/1.0/images");
    expect(urls.status).toBe(200);
    expect(urls.body.total_size).toBe(urls.body.metadata.length);
    for (const url of urls.body.metadata) expect(url).toMatch(/^\/1\.0\/images\/[0-9a-v]{20}$/);

    const images = await listImages();
    expect(images).toHaveLength(urls.body.metadata.length);
    expect(defaultsOf(images, "container")).toEqual(["jammy:android15:amd64"]);
    expect(defaultsOf(images, "vm")).toEqual(["jammy:android15:amd64"]);
    const image = images[0];
    expect(image?.status).toBe("active");
    expect(image?.status_code).toBe(3);
    expect(image?.versions[0]).toMatchObject({ version: 0, status: "active", status_code: 3 });
    expect(image?.versions[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("filters by type and refuses an unknown type", async () => {
    const vms = await listImages("&type=vm");
    expect(vms.length).toBeGreaterThan(0);
    expect(vms.every((image) => image.type === "vm")).toBe(true);
    const bad = await cluster.request("GET", "/1.0/images?type=floppy");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("type");
  });

  it("finds an image by id or by name, the type choosing between same-named images", async () => {
    const byName = await getImage("jammy:android15:amd64");
    expect(byName.image.type).toBe("container");
    expect(byName.etag).toMatch(/^".+"$/);
    const vm = await getImage("jammy:android15:amd64", "?type=vm");
    expect(vm.image.type).toBe("vm");
    expect(vm.image.id).not.toBe(byName.image.id);
    expect((await getImage(vm.image.id)).image.name).toBe("jammy:android15:amd64");

    expect((await cluster.request("GET", "/1.0/images/nothing-like-it")).status).toBe(404);
    const wrongType = await cluster.request("GET", `/1.0/images/${vm.image.id}?type=container`);
    expect(wrongType.status).toBe(404);
    expect((await cluster.request("GET", "/1.0/images/x?type=tape")).status).toBe(400);
  });

  it("lists the applications built on an image in used_by", async () => {
    const { image } = await getImage("jammy:android14:amd64");
    const appId = await addApplicationOn(image.id, "uses-android14");
    expect((await getImage(image.id)).image.used_by).toEqual([appId]);
    await cluster.running.context.db.deleteFrom("applications").execute();
  });
});

describe("POST /1.0/images", () => {
  it("imports a provided image: initializing, then active, announced", async () => {
    const { image: old } = await getImage("jammy:aaos14:amd64");
    await operate("DELETE", `/1.0/images/${old.id}`);
    const { events, stop } = await watchLifecycle();

    const response = await cluster.request("POST", "/1.0/images", {
      body: { name: "jammy:aaos14:amd64", type: "container" },
    });
    expect(response.status, response.text).toBe(202);
    const importing = await listImages("&type=container");
    const fresh = importing.find((image) => image.name === "jammy:aaos14:amd64");
    expect(fresh?.status).toBe("initializing");
    expect(fresh?.status_code).toBe(1);
    expect(fresh?.default).toBe(false);

    const operation = await cluster.waitOperation(String(response.headers.location));
    stop();
    expect(operation.status).toBe("Success");
    const { image } = await getImage("jammy:aaos14:amd64");
    expect(image).toMatchObject({ status: "active", variant: "aaos", default: false });
    expect(image.versions).toHaveLength(1);
    expect(image.versions[0]?.status).toBe("active");
    expect(events.map((event) => event.metadata)).toContainEqual({
      action: "image-created",
      source: `/1.0/images/${image.id}`,
    });
  });

  it("imports an image as the new default when asked, taking the flag from the old one", async () => {
    const { image: old } = await getImage("jammy:aaos15:amd64", "?type=vm");
    await operate("DELETE", `/1.0/images/${old.id}`);
    const operation = await operate("POST", "/1.0/images", {
      name: "jammy:aaos15:amd64",
      type: "vm",
      default: true,
    });
    expect(operation.status).toBe("Success");
    expect(defaultsOf(await listImages("&type=vm"), "vm")).toEqual(["jammy:aaos15:amd64"]);
    // Back to the usual default for the tests that follow.
    const { image } = await getImage("jammy:android15:amd64", "?type=vm");
    await operate("PATCH", `/1.0/images/${image.id}`, { default: true });
  });

  it("refuses unknown, existing and malformed imports with clear 4xx", async () => {
    const unknown = await cluster.request("POST", "/1.0/images", {
      body: { name: "jammy:windows95" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain("jammy:windows95");
    expect(unknown.body.error).toContain("jammy:android15:amd64");

    const exists = await cluster.request("POST", "/1.0/images", {
      body: { name: "jammy:android15:amd64", type: "vm" },
    });
    expect(exists.status).toBe(409);

    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: 42 }, "name"],
      [{ name: "jammy:android15:amd64", type: "lxc" }, "type"],
      [{ name: "jammy:android15:amd64", default: "yes" }, "default"],
      [{ name: "jammy:android15:amd64", colour: 1 }, "colour"],
      [{ name: "snapshot", source: { type: "instance", instance: "x" } }, "source"],
    ];
    for (const [body, word] of cases) {
      const response = await cluster.request("POST", "/1.0/images", { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toContain(word);
    }
  });
});

describe("PATCH /1.0/images/{id}", () => {
  it("moves the default flag so that one image per type keeps it", async () => {
    const { image, etag } = await getImage("jammy:android14:amd64");
    const { events, stop } = await watchLifecycle();
    const response = await cluster.request("PATCH", `/1.0/images/${image.id}/`, {
      body: { default: true },
      headers: { "if-match": etag },
    });
    expect(response.status, response.text).toBe(202);
    expect((await cluster.waitOperation(String(response.headers.location))).status).toBe("Success");
    stop();
    const images = await listImages();
    expect(defaultsOf(images, "container")).toEqual(["jammy:android14:amd64"]);
    expect(defaultsOf(images, "vm")).toEqual(["jammy:android15:amd64"]);
    expect(events.map((event) => event.metadata)).toContainEqual({
      action: "image-updated",
      source: `/1.0/images/${image.id}`,
    });
    expect((await getImage(image.id)).etag).not.toBe(etag);

    const stale = await cluster.request("PATCH", `/1.0/images/${image.id}`, {
      body: { force_sync: true },
      headers: { "if-match": etag },
    });
    expect(stale.status).toBe(412);
  });

  it("accepts force_sync and refuses to unset the default or bad bodies", async () => {
    const { image } = await getImage("jammy:android14:amd64");
    expect((await operate("PATCH", `/1.0/images/${image.id}`, { force_sync: true })).status).toBe(
      "Success",
    );
    const unset = await cluster.request("PATCH", `/1.0/images/${image.id}`, {
      body: { default: false },
    });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toContain("default");
    for (const body of [{}, { default: "true" }, { name: "renamed" }]) {
      const response = await cluster.request("PATCH", `/1.0/images/${image.id}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await cluster.request("PATCH", "/1.0/images/nope", { body: { default: true } });
    expect(missing.status).toBe(404);
  });
});

describe("DELETE /1.0/images/{id}", () => {
  it("keeps the default image and images in use, saying why", async () => {
    const { image: defaultImage } = await getImage("jammy:android14:amd64");
    const refusedDefault = await cluster.request("DELETE", `/1.0/images/${defaultImage.id}`);
    expect(refusedDefault.status).toBe(400);
    expect(refusedDefault.body.error).toContain("default");

    const { image } = await getImage("jammy:android13:amd64");
    await addApplicationOn(image.id, "needs-android13");
    const refusedApp = await cluster.request("DELETE", `/1.0/images/${image.id}`);
    expect(refusedApp.status).toBe(400);
    expect(refusedApp.body.error).toContain("needs-android13");
    await cluster.running.context.db.deleteFrom("applications").execute();

    const instance = await addInstanceOn(image.id, "running");
    const refusedInstance = await cluster.request("DELETE", `/1.0/images/${image.id}`);
    expect(refusedInstance.status).toBe(400);
    expect(refusedInstance.body.error).toContain("1 instance");
    // A deleted instance no longer holds its image.
    await cluster.running.context.db
      .updateTable("instances")
      .set({ status: "deleted" })
      .where("id", "=", instance)
      .execute();

    const { events, stop } = await watchLifecycle();
    expect((await operate("DELETE", `/1.0/images/${image.id}`)).status).toBe("Success");
    stop();
    expect((await cluster.request("GET", `/1.0/images/${image.id}`)).status).toBe(404);
    expect(events.map((event) => event.metadata)).toContainEqual({
      action: "image-deleted",
      source: `/1.0/images/${image.id}`,
    });
  });
});

describe("DELETE /1.0/images/{id}/{version}", () => {
  it("deletes a version but never the only one", async () => {
    const { image } = await getImage("jammy:android15:amd64");
    const only = await cluster.request("DELETE", `/1.0/images/${image.id}/0`);
    expect(only.status).toBe(400);
    expect(only.body.error).toContain("only version");

    await cluster.running.context.db
      .insertInto("image_versions")
      .values({
        image_id: image.id,
        version: 1,
        fingerprint: "f".repeat(64),
        size: 1,
        remote_id: "1.31.0",
        status: "active",
        error_message: "",
        created_at: 0,
      })
      .execute();
    expect((await getImage(image.id)).image.versions.map((v) => v.version)).toEqual([0, 1]);
    expect((await operate("DELETE", `/1.0/images/${image.id}/0`)).status).toBe("Success");
    expect((await getImage(image.id)).image.versions.map((v) => v.version)).toEqual([1]);

    expect((await cluster.request("DELETE", `/1.0/images/${image.id}/7`)).status).toBe(404);
    const bad = await cluster.request("DELETE", `/1.0/images/${image.id}/latest`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("version");
  });
});
