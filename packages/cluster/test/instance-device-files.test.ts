import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import type { DeviceState } from "@anbox-dashboard/contract";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, waitForStatus, writeAndWait } from "./helpers/instance-helpers.ts";
import { binaryManifest } from "./helpers/binary-manifest.ts";
import { instanceRootfsDir } from "../src/runtime/instance-paths.ts";
import { downloadsDir } from "../src/runtime/device-files.ts";

let cluster: TestCluster;
let id = "";

beforeAll(async () => {
  cluster = await startTestCluster();
  id = (await createInstance(cluster, { name: "pushed-to" })).id;
  await waitForStatus(cluster, id, "running");
});

afterAll(async () => {
  await cluster.destroy();
});

const push = (name: unknown, raw: Buffer) =>
  cluster.request<DeviceState>("POST", `/1.0/instances/${id}/device/files`, {
    raw,
    headers: { "x-ams-request": JSON.stringify({ name }) },
  });

const rootfs = () => instanceRootfsDir(cluster.dataDir, id);

describe("files pushed into a virtual device (instance_device_controls)", () => {
  it("keeps a file in the downloads, replacing one of the same name", async () => {
    await push("notes.txt", Buffer.from("first"));
    const answer = await push("notes.txt", Buffer.from("second"));
    expect(answer.status).toBe(200);
    expect(answer.body.metadata.files).toEqual([
      { name: "notes.txt", size: 6, received_at: expect.any(Number) as number },
    ]);
    expect(await readFile(join(rootfs(), downloadsDir, "notes.txt"), "utf8")).toBe("second");
  });

  it("installs an APK under the package its manifest names, binary or text", async () => {
    const binary = zipSync({ "AndroidManifest.xml": binaryManifest("com.example.binary") });
    const text = zipSync({
      "AndroidManifest.xml": strToU8('<manifest package="com.example.text"/>'),
    });
    await push("binary.apk", Buffer.from(binary));
    const answer = await push("Text.APK", Buffer.from(text));
    expect(answer.body.metadata.installed_apps.map((app) => app.package)).toEqual([
      "com.example.text",
      "com.example.binary",
    ]);
    const list = await readFile(join(rootfs(), "data/system/packages.list"), "utf8");
    expect(list.split("\n")).toEqual(
      expect.arrayContaining(["com.example.binary", "com.example.text"]),
    );
    const installed = await readFile(join(rootfs(), "data/app/com.example.binary/base.apk"));
    expect(installed.equals(Buffer.from(binary))).toBe(true);
  });

  it("refuses hostile names and bad APKs, naming the problem, and keeps nothing", async () => {
    const bomb = zipSync({ "AndroidManifest.xml": new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    const cases: [unknown, Buffer, RegExp][] = [
      ["../escape.txt", Buffer.from("x"), /folder separator/],
      [".hidden", Buffer.from("x"), /hidden/],
      ["bell\u0007.txt", Buffer.from("x"), /control characters/],
      ["x".repeat(256), Buffer.from("x"), /longer than 255 bytes/],
      [42, Buffer.from("x"), /name/],
      ["empty.txt", Buffer.alloc(0), /empty/],
      ["plain.apk", Buffer.from("not a zip"), /plain\.apk is not an APK .*not a zip archive/],
      ["bare.apk", Buffer.from(zipSync({ "classes.dex": strToU8("dex") })), /no AndroidManifest/],
      [
        "nameless.apk",
        Buffer.from(zipSync({ "AndroidManifest.xml": strToU8("<manifest/>") })),
        /names no package/,
      ],
      ["bomb.apk", Buffer.from(bomb), /larger than 1 MiB/],
    ];
    for (const [name, raw, message] of cases) {
      const answer = await push(name, raw);
      expect(answer.status, String(name).slice(0, 40)).toBe(400);
      expect(answer.body.error).toMatch(message);
    }
    const state = (await cluster.request<DeviceState>("GET", `/1.0/instances/${id}/device`)).body;
    expect(state.metadata.files.map((file) => file.name)).not.toContain("plain.apk");
    // Nothing of the refused files is left: not in the downloads, not half-received.
    expect(await readdir(join(rootfs(), downloadsDir))).toEqual(
      expect.not.arrayContaining(["plain.apk", "bomb.apk"]),
    );
    expect(await readdir(join(cluster.dataDir, "uploads"))).toEqual([]);
  });

  it("takes no file while the instance is stopped", async () => {
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "stopped" });
    await waitForStatus(cluster, id, "stopped");
    const refused = await push("late.txt", Buffer.from("x"));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/is stopped/);
  });
});
