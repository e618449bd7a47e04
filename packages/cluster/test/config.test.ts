import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amsConfigSchema, type AmsConfig, type AmsEvent } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { readSchedulerStrategy, readSetting } from "../src/settings/read-setting.ts";

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  await cluster.destroy();
});

async function readConfig(): Promise<AmsConfig["config"]> {
  const response = await cluster.request<AmsConfig>("GET", "/1.0/config");
  expect(response.status).toBe(200);
  return amsConfigSchema.parse(response.body.metadata).config;
}

async function setConfig(name: string, value: unknown) {
  const response = await cluster.request("PATCH", "/1.0/config", { body: { name, value } });
  expect(response.status, response.text).toBe(202);
  return cluster.waitOperation(String(response.headers.location));
}

async function refused(body: unknown): Promise<string> {
  const response = await cluster.request("PATCH", "/1.0/config", { body });
  expect(response.status, JSON.stringify(body)).toBe(400);
  return response.body.error ?? "";
}

describe("GET /1.0/config", () => {
  it("reports every key with its typed default and never the internal ones", async () => {
    const config = await readConfig();
    expect(config).toMatchObject({
      "scheduler.strategy": "spread",
      "application.auto_publish": true,
      "application.max_published_versions": 3,
      "instance.default_platform": "null",
      "instance.features": "",
      "images.url": "https://images.anbox-cloud.io/stable/",
      "images.update_interval": "5m",
      "registry.mode": "pull",
      "registry.url": "",
      "gpu.type": "none",
      "cpu.limit_mode": "scheduler",
      "core.max_requests_per_second": 1000,
      "agent.api.url": "",
      "node.queue_size": 100,
    });
    expect(Object.keys(config).some((key) => key.startsWith("internal."))).toBe(false);
  });
});

describe("PATCH /1.0/config", () => {
  it("sets a key through an operation, announces it, and other code reads it typed", async () => {
    const events: AmsEvent[] = [];
    const stop = cluster.running.context.events.subscribe(new Set(["lifecycle"]), (event) =>
      events.push(event),
    );
    const operation = await setConfig("scheduler.strategy", "binpack");
    stop();
    expect(operation.status).toBe("Success");
    expect((await readConfig())["scheduler.strategy"]).toBe("binpack");
    expect(await readSchedulerStrategy(cluster.running.context.db)).toBe("binpack");
    expect(events.map((event) => event.metadata)).toContainEqual(
      expect.objectContaining({ action: "config-updated", source: "/1.0/config" }),
    );
  });

  it("takes booleans and numbers as AMS strings or as JSON values", async () => {
    await setConfig("application.auto_publish", "false");
    expect((await readConfig())["application.auto_publish"]).toBe(false);
    expect(await readSetting(cluster.running.context.db, "application.auto_publish")).toBe(false);
    await setConfig("application.auto_publish", true);
    expect((await readConfig())["application.auto_publish"]).toBe(true);
    await setConfig("application.max_published_versions", "5");
    await setConfig("node.queue_size", 250);
    const config = await readConfig();
    expect(config["application.max_published_versions"]).toBe(5);
    expect(config["node.queue_size"]).toBe(250);
  });

  it("checks strings that have a form, and lets the empty string unset them", async () => {
    await setConfig("registry.url", "https://registry.example.com:3000");
    await setConfig("images.update_interval", "1h30m");
    await setConfig("instance.features", "enable_virgl,foo.bar");
    expect(await readConfig()).toMatchObject({
      "registry.url": "https://registry.example.com:3000",
      "images.update_interval": "1h30m",
      "instance.features": "enable_virgl,foo.bar",
    });
    await setConfig("registry.url", "");
    expect((await readConfig())["registry.url"]).toBe("");
  });

  it("takes a local directory as the registry location, and refuses other schemes", async () => {
    await setConfig("registry.url", "/srv/anbox-registry");
    expect((await readConfig())["registry.url"]).toBe("/srv/anbox-registry");
    await setConfig("registry.url", "file:///srv/anbox-registry");
    expect(await refused({ name: "registry.url", value: "ftp://registry.example.com" })).toMatch(
      /registry\.url.*absolute path/,
    );
    expect(await refused({ name: "registry.url", value: "relative/dir" })).toMatch(/registry\.url/);
    await setConfig("registry.url", "");
  });

  it("maps the deprecated container.* names to instance.*", async () => {
    await setConfig("container.default_platform", "webrtc");
    const config = await readConfig();
    expect(config["instance.default_platform"]).toBe("webrtc");
    expect(config["container.default_platform"]).toBeUndefined();
  });

  it("refuses unknown keys, internal keys and wrong values, naming the key and what is allowed", async () => {
    expect(await refused({ name: "x", value: "1" })).toContain("unknown configuration key 'x'");
    expect(await refused({ name: "internal.seeded", value: "false" })).toContain(
      "unknown configuration key 'internal.seeded'",
    );

    const strategy = await refused({ name: "scheduler.strategy", value: "random" });
    expect(strategy).toContain("scheduler.strategy");
    expect(strategy).toContain('"spread", "binpack"');

    const versions = await refused({ name: "application.max_published_versions", value: "many" });
    expect(versions).toContain("application.max_published_versions");
    expect(versions).toContain("whole number");
    expect(await refused({ name: "application.max_published_versions", value: -1 })).toContain(
      "from 0",
    );
    expect(await refused({ name: "application.auto_publish", value: "yes" })).toContain(
      "true or false",
    );
    expect(await refused({ name: "registry.mode", value: "sync" })).toContain("manual");
    expect(await refused({ name: "images.url", value: "ftp://x" })).toContain("URL");
    expect(await refused({ name: "images.update_interval", value: "5 minutes" })).toContain(
      "duration",
    );
    expect(await refused({ name: "gpu.type", value: true })).toContain("gpu.type");
    expect(await refused({ name: "registry.url", value: 12 })).toContain("string");

    expect(await refused({ value: "x" })).toContain("name");
    expect(await refused({ name: "scheduler.strategy" })).toContain("value");
    expect(await refused({ name: "scheduler.strategy", value: { a: 1 } })).toContain("value");
    expect(await refused({ name: "scheduler.strategy", value: "binpack", extra: 1 })).toContain(
      "extra",
    );
    expect(await refused([])).toContain("configuration");
  });

  it("keeps the values across a restart", async () => {
    await setConfig("gpu.type", "nvidia");
    cluster = await cluster.restart();
    // The harness's client may still hold a keep-alive socket to the stopped server: the first
    // request over it fails (EPIPE) and drops it. A harness matter, not the cluster's.
    await cluster.request("GET", "/1.0").catch(() => undefined);
    expect((await readConfig())["gpu.type"]).toBe("nvidia");
  });
});
