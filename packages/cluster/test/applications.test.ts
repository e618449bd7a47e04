import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AmsApplication, AmsOperation } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import {
  createApplication,
  fakeApk,
  manifestYaml,
  minimalManifest,
  tarBz2Package,
  uploadApplication,
  zipPackage,
} from "./helpers/application-packages.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function listNames(query = ""): Promise<string[]> {
  const response = await cluster.request<AmsApplication[]>(
    "GET",
    `/1.0/applications?recursion=1${query}`,
  );
  return response.body.metadata.map((app) => app.name);
}

describe("creating an application", () => {
  it("answers 202 with an operation naming the application, then bootstraps it to ready", async () => {
    const upload = zipPackage({ "manifest.yaml": manifestYaml(minimalManifest("plain-app")) });
    const response = await uploadApplication(cluster, upload);
    expect(response.status).toBe(202);
    expect(response.body.type).toBe("async");
    expect(response.headers.location).toBe(`/1.0/operations/${response.body.metadata.id}`);
    const [url] = response.body.metadata.resources.applications ?? [];
    expect(url).toMatch(/^\/1\.0\/applications\/[0-9a-v]{20}$/);

    const operation = await cluster.waitOperation(response.body.metadata.id);
    expect(operation.status).toBe("Success");
    const detail = await cluster.request<AmsApplication>("GET", url ?? "");
    expect(detail.status).toBe(200);
    const app = detail.body.metadata;
    expect(app).toMatchObject({
      name: "plain-app",
      status: "ready",
      status_code: 2,
      vm: false,
      published: true,
      parent_image_variant: "android",
      abi: "x86_64",
      resources: { cpus: 2, memory: "3GB", "disk-size": "3GB" },
    });
    expect(app.versions).toHaveLength(1);
    expect(app.versions[0]).toMatchObject({
      number: 0,
      status: "active",
      status_code: 3,
      published: true,
    });
    // The package really is unpacked, and the upload it came from is gone.
    const directory = join(cluster.dataDir, "applications", app.id);
    expect(readFileSync(join(directory, "0", "manifest.yaml"), "utf8")).toContain("plain-app");
    expect(existsSync(join(directory, "0.upload"))).toBe(false);
  });

  it("unpacks a bzip2 tarball with an APK and extra data", async () => {
    const manifest = minimalManifest("tar-app", {
      "boot-package": "com.example.tar",
      "extra-data": { game: { target: "/sdcard/Android/obb/com.example.tar" } },
      "video-encoder": "software",
      watchdog: { disabled: true, "allowed-packages": ["com.android.settings"] },
    });
    const upload = await tarBz2Package({
      "manifest.yaml": manifestYaml(manifest),
      "app.apk": fakeApk(),
      "extra-data/game/main.obb": "obb-bytes",
    });
    const response = await uploadApplication(cluster, upload);
    expect(response.status).toBe(202);
    const operation = await cluster.waitOperation(response.body.metadata.id);
    expect(operation.status).toBe("Success");
    const url = operation.resources.applications?.[0] ?? "";
    const app = (await cluster.request<AmsApplication>("GET", url)).body.metadata;
    expect(app.status).toBe("ready");
    expect(app.boot_package).toBe("com.example.tar");
    expect(app.versions[0]).toMatchObject({
      video_encoder: "software",
      watchdog: { disabled: true, "allowed-packages": ["com.android.settings"] },
      extra_data: { game: { target: "/sdcard/Android/obb/com.example.tar" } },
    });
    const directory = join(cluster.dataDir, "applications", app.id, "0");
    expect(readFileSync(join(directory, "extra-data/game/main.obb"), "utf8")).toBe("obb-bytes");
    expect(existsSync(join(directory, "app.apk"))).toBe(true);
  });

  it("ends in error, with the reason on the version, when the APK is not an APK", async () => {
    const upload = zipPackage({
      "manifest.yaml": manifestYaml(minimalManifest("broken-apk")),
      "app.apk": "this is not a zip",
    });
    const response = await uploadApplication(cluster, upload);
    expect(response.status).toBe(202);
    const operation = await cluster.waitOperation(response.body.metadata.id);
    expect(operation.status).toBe("Failure");
    expect(operation.err).toContain("app.apk is not a valid APK");
    const app = (await cluster.request<AmsApplication>("GET", "/1.0/applications/broken-apk")).body
      .metadata;
    expect(app.status).toBe("error");
    expect(app.published).toBe(false);
    expect(app.versions[0]?.status).toBe("error");
    expect(app.versions[0]?.error_message).toContain("not a zip archive");
  });

  it("refuses an APK without AndroidManifest.xml", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml(minimalManifest("apk-without-manifest")),
      "app.apk": zipPackage({ "classes.dex": "dex" }),
    });
    expect(application.status).toBe("error");
    expect(application.versions[0]?.error_message).toContain("no AndroidManifest.xml");
  });

  it("refuses a bad manifest synchronously, naming every bad key, and creates nothing", async () => {
    const before = await listNames();
    const upload = zipPackage({
      "manifest.yaml": manifestYaml({
        name: "bad name",
        version: "x".repeat(51),
        "instance-type": "z9.9",
        resources: { cpus: 0, memory: "2GB", "gpu-slots": -1 },
        "video-encoder": "hardware",
        colour: "blue",
      }),
    });
    const response = await uploadApplication(cluster, upload);
    expect(response.status).toBe(400);
    expect(response.body.type).toBe("error");
    for (const key of [
      "name",
      "version",
      "instance-type",
      "resources.cpus",
      "resources.memory",
      "resources.gpu-slots",
      "video-encoder",
      "colour",
    ]) {
      expect(response.body.error).toContain(key);
    }
    expect(await listNames()).toEqual(before);
  });

  it("refuses a manifest that is not YAML, or that names an unknown image", async () => {
    const notYaml = await uploadApplication(
      cluster,
      zipPackage({ "manifest.yaml": "name: [unclosed" }),
    );
    expect(notYaml.status).toBe(400);
    expect(notYaml.body.error).toContain("not valid YAML");
    const noImage = await uploadApplication(
      cluster,
      zipPackage({
        "manifest.yaml": manifestYaml(minimalManifest("no-image", { image: "nope:android1" })),
      }),
    );
    expect(noImage.status).toBe(400);
    expect(noImage.body.error).toContain(
      'image: no container image named or with id "nope:android1"',
    );
    // A VM application looks the image up among VM images.
    const vm = await uploadApplication(
      cluster,
      zipPackage({
        "manifest.yaml": manifestYaml(minimalManifest("vm-app", { image: "jammy:aaos14:amd64" })),
      }),
      "/1.0/applications?vm=true",
    );
    expect(vm.status).toBe(400);
    expect(vm.body.error).toContain("no vm image");
  });

  it("refuses a second application of the same name with 409", async () => {
    await createApplication(cluster, { "manifest.yaml": manifestYaml(minimalManifest("twin")) });
    const again = await uploadApplication(
      cluster,
      zipPackage({ "manifest.yaml": manifestYaml(minimalManifest("twin")) }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('"twin" already exists');
  });

  it("marks an application on an aaos image as automotive, and a VM application as vm", async () => {
    const { application } = await createApplication(
      cluster,
      {
        "manifest.yaml": manifestYaml(
          minimalManifest("car-app", { image: "jammy:aaos15:amd64", tags: ["fleet"] }),
        ),
      },
      "/1.0/applications?vm=true",
    );
    expect(application.status).toBe("ready");
    expect(application.vm).toBe(true);
    expect(application.parent_image_variant).toBe("aaos");
    expect(application.tags).toEqual(["fleet", "app_type_automotive"]);
  });

  it("takes the default image of the type when the manifest names none", async () => {
    const { application } = await createApplication(cluster, {
      "manifest.yaml": manifestYaml({ name: "default-image", "instance-type": "g4.3" }),
    });
    expect(application.status).toBe("ready");
    expect(application.instance_type).toBe("g4.3");
    const image = await cluster.running.context.db
      .selectFrom("images")
      .select("name")
      .where("id", "=", application.parent_image_id)
      .executeTakeFirstOrThrow();
    expect(image.name).toBe("jammy:android15:amd64");
  });
});

describe("listing and reading applications", () => {
  it("lists URLs, or objects with recursion=1, paged with total_size", async () => {
    const urls = await cluster.request<string[]>("GET", "/1.0/applications");
    expect(urls.status).toBe(200);
    expect(urls.body.metadata.every((url) => url.startsWith("/1.0/applications/"))).toBe(true);
    const total = urls.body.total_size ?? 0;
    expect(total).toBeGreaterThanOrEqual(5);
    const page = await cluster.request<AmsApplication[]>(
      "GET",
      "/1.0/applications?recursion=1&limit=2&offset=1",
    );
    expect(page.body.metadata).toHaveLength(2);
    expect(page.body.total_size).toBe(total);
    expect(page.body.metadata[0]?.id).toBe(urls.body.metadata[1]?.split("/").pop());
  });

  it("filters by name, status, type and tags", async () => {
    expect(await listNames("&name=twin")).toEqual(["twin"]);
    expect(await listNames("&status=error")).toEqual(
      expect.arrayContaining(["broken-apk", "apk-without-manifest"]),
    );
    expect(await listNames("&status=error")).not.toContain("twin");
    expect(await listNames("&type=vm")).toEqual(["car-app"]);
    expect(await listNames("&vm=true")).toEqual(["car-app"]);
    expect(await listNames("&tags=app_type_automotive")).toEqual(["car-app"]);
    const bad = await cluster.request("GET", "/1.0/applications?status=sleeping");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("status");
  });

  it("finds an application by id or name and answers an ETag that changes with it", async () => {
    const byName = await cluster.request<AmsApplication>("GET", "/1.0/applications/twin");
    expect(byName.status).toBe(200);
    const byId = await cluster.request<AmsApplication>(
      "GET",
      `/1.0/applications/${byName.body.metadata.id}`,
    );
    expect(byId.body.metadata.name).toBe("twin");
    const etag = byId.headers.etag;
    expect(typeof etag).toBe("string");

    const stale = await cluster.request("PATCH", "/1.0/applications/twin/", {
      body: { tags: ["x"] },
      headers: { "if-match": '"application-other-1"' },
    });
    expect(stale.status).toBe(412);
    const patched = await cluster.request<AmsOperation>("PATCH", "/1.0/applications/twin/", {
      body: { tags: ["x"] },
      headers: { "if-match": String(etag) },
    });
    expect(patched.status).toBe(202);
    await cluster.waitOperation(patched.body.metadata.id);
    const after = await cluster.request<AmsApplication>("GET", "/1.0/applications/twin");
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.metadata.tags).toEqual(["x"]);

    const missing = await cluster.request("GET", "/1.0/applications/nothing-here");
    expect(missing.status).toBe(404);
  });
});

describe("bootstrap timing", () => {
  it("shows the application initializing while its bootstrap takes its boot steps", async () => {
    const slow = await startTestCluster({ bootStepDelayMs: 150 });
    try {
      const response = await uploadApplication(
        slow,
        zipPackage({ "manifest.yaml": manifestYaml(minimalManifest("slow-app")) }),
      );
      expect(response.status).toBe(202);
      const during = await slow.request<AmsApplication>("GET", "/1.0/applications/slow-app");
      expect(during.body.metadata.status).toBe("initializing");
      expect(during.body.metadata.versions[0]?.status).toBe("initializing");
      await slow.waitOperation(response.body.metadata.id);
      const after = await slow.request<AmsApplication>("GET", "/1.0/applications/slow-app");
      expect(after.body.metadata.status).toBe("ready");
    } finally {
      await slow.destroy();
    }
  });

  it("resumes a bootstrap interrupted by a restart", async () => {
    const first = await startTestCluster({ bootStepDelayMs: 500 });
    let restarted: TestCluster | undefined;
    try {
      const response = await uploadApplication(
        first,
        zipPackage({ "manifest.yaml": manifestYaml(minimalManifest("resumed-app")) }),
      );
      expect(response.status).toBe(202);
      restarted = await first.restart();
      const operation = await restarted.waitOperation(response.body.metadata.id);
      expect(operation.status).toBe("Success");
      const app = await restarted.request<AmsApplication>("GET", "/1.0/applications/resumed-app");
      expect(app.body.metadata.status).toBe("ready");
    } finally {
      await (restarted ?? first).destroy();
    }
  }, 20_000);
});
