import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance } from "./helpers/instance-helpers.ts";

let cluster: TestCluster;
let id = "";

beforeAll(async () => {
  cluster = await startTestCluster();
  id = (
    await createInstance(cluster, { name: "talker", config: { boot_package: "com.example.chat" } })
  ).id;
});

afterAll(async () => {
  await cluster.destroy();
});

describe("instance logs", () => {
  it("lists the stored logs as sorted URLs, by id or by name", async () => {
    const expected = ["android.log", "boot.log", "system.log"].map(
      (name) => `/1.0/instances/${id}/logs/${name}`,
    );
    for (const ref of [id, "talker"]) {
      const response = await cluster.request<string[]>("GET", `/1.0/instances/${ref}/logs`);
      expect(response.status).toBe(200);
      expect(response.body.metadata).toEqual(expected);
    }
  });

  it("serves android.log as plain logcat text from the virtual device", async () => {
    const response = await cluster.request("GET", `/1.0/instances/${id}/logs/android.log`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const lines = response.text.trim().split("\n");
    // MM-DD HH:MM:SS.mmm  PID  TID L Tag: message
    for (const line of lines) {
      expect(line).toMatch(/^\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} +\d+ +\d+ [VDIWEF] [\w.]+: .+$/);
    }
    expect(response.text).toContain("Zygote");
    expect(response.text).toMatch(/ActivityManager: Start proc \d+:com\.example\.chat/);
  });

  it("serves boot.log with timestamped steps and system.log with journal lines", async () => {
    const boot = await cluster.request("GET", `/1.0/instances/${id}/logs/boot.log`);
    expect(boot.text).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z \[prepare\] scheduled on node lxd0/m);
    expect(boot.text).toContain("[running] Android is up");
    const system = await cluster.request("GET", `/1.0/instances/${id}/logs/system.log`);
    expect(system.text).toMatch(/^[A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} talker systemd\[1\]: /m);
  });

  it("answers 404 for unknown logs and instances, 400 for names that leave the directory", async () => {
    const unknown = await cluster.request("GET", `/1.0/instances/${id}/logs/kernel.log`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain("kernel.log");
    const ghost = await cluster.request("GET", "/1.0/instances/ghost/logs");
    expect(ghost.status).toBe(404);
    for (const name of ["..", "..%2F..%2Fcluster.sqlite", "a%2Fb"]) {
      const response = await cluster.request("GET", `/1.0/instances/${id}/logs/${name}`);
      expect(response.status, name).toBe(400);
    }
  });
});
