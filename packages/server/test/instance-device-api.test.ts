// An instance's device controls through the dashboard (issue 39): each control needs can_stream
// on the instance and is recorded in the audit trail without its body; reading the device's state
// needs can_stream; pushing a file needs can_exec; bad values and a stopped device are refused with what is wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type {
  AmsOperation,
  AuditEntry,
  DeviceState,
  Grant,
  ResourceName,
} from "@anbox-dashboard/contract";
import type { AuthHarness } from "./support/auth-harness.ts";
import { signInDirectly, signInHolding } from "./support/sign-in-directly.ts";
import {
  callApi,
  clusterClient,
  messageOf,
  startSignedIn,
  waitForSuccess,
} from "./support/signed-in-harness.ts";
import { multipartRequest } from "./support/multipart-request.ts";
import { strToU8, zipSync } from "fflate";

const ada = { sub: `ada-${randomUUID()}`, email: "ada@example.com", name: "Ada Lovelace" };
let harness: AuthHarness;
let admin: string;
let running = "";
let stopped = "";

async function createOn(name: string, start: boolean): Promise<string> {
  const client = clusterClient(harness, "default");
  const created = await client.post<AmsOperation>("/1.0/instances", { name, no_start: !start });
  await waitForSuccess(client, created.metadata.id);
  return created.metadata.resources.instances?.[0]?.split("/").at(-1) ?? "";
}

const userHolding = (permissions: Grant[]) => signInHolding(harness.db, permissions);

const device = (id: string, path = "") =>
  `/api/instances/${id}/device${path === "" ? "" : `/${path}`}?clusterId=default`;

beforeAll(async () => {
  process.env.CLUSTER_BOOT_STEP_DELAY_MS = "20";
  ({ harness, cookie: admin } = await startSignedIn(ada));
  running = await createOn("handset", true);
  stopped = await createOn("shelved", false);
}, 60_000);

afterAll(async () => {
  await harness.stop();
  delete process.env.CLUSTER_BOOT_STEP_DELAY_MS;
});

describe("device controls", () => {
  it("sets each control and answers the device's state, which a read then shows", async () => {
    const sets: [string, string, unknown][] = [
      ["PATCH", "location", { latitude: 52.52, longitude: 13.405, altitude: 34 }],
      ["PATCH", "sensors", [{ type: "temperature", value: 30 }]],
      ["PATCH", "battery", { level: 15, charging: false }],
      ["POST", "telephony/sms", { number: "+49 30 123", message: "Your code is 1234" }],
      ["POST", "telephony/call", { number: "+1 555 0100" }],
      ["PUT", "clipboard", { text: "from the page" }],
    ];
    for (const [method, path, body] of sets) {
      const answer = await callApi(harness, admin, method, device(running, path), body);
      expect(answer.status, path).toBe(200);
    }
    const read = await callApi(harness, admin, "GET", device(running));
    const state = (read.body as { metadata: DeviceState }).metadata;
    expect(state.location).toMatchObject({ latitude: 52.52, longitude: 13.405, altitude: 34 });
    expect(state.sensors).toContainEqual({ type: "temperature", value: 30 });
    expect(state.battery).toEqual({ level: 15, charging: false });
    expect(state.last_sms?.message).toBe("Your code is 1234");
    expect(state.last_call?.number).toBe("+1 555 0100");
    expect(state.clipboard?.text).toBe("from the page");
  });

  it("records each control in the audit trail, without what it carried", async () => {
    const answer = await callApi(harness, admin, "GET", "/api/audit?size=100&q=device");
    const entries = (answer.body as { metadata: AuditEntry[] }).metadata;
    const sms = entries.find((entry) => entry.action.endsWith("/device/telephony/sms"));
    expect(sms).toMatchObject({
      actor: "ada@example.com",
      resource: `instance:default/${running}`,
      outcome: "success",
    });
    expect(JSON.stringify(entries)).not.toContain("Your code is 1234");
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "PATCH /api/instances/:id/device/location",
        "PUT /api/instances/:id/device/clipboard",
      ]),
    );
  });

  it("needs can_stream to read and control, and says what was missing", async () => {
    const resource: ResourceName = `instance:default/${running}`;
    const viewer = await userHolding([{ entitlement: "can_view", resource }]);
    expect((await callApi(harness, viewer, "GET", device(running))).status).toBe(403);
    const refused = await callApi(harness, viewer, "PATCH", device(running, "battery"), {
      level: 50,
      charging: true,
    });
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe(`You may not do this: needs can_stream on ${resource}.`);
    const streamer = await userHolding([
      { entitlement: "can_view", resource },
      { entitlement: "can_stream", resource },
    ]);
    const allowed = await callApi(harness, streamer, "PATCH", device(running, "battery"), {
      level: 50,
      charging: true,
    });
    expect(allowed.status).toBe(200);
    expect((await callApi(harness, streamer, "GET", device(running))).status).toBe(200);
    // Someone given nothing on it is told it does not exist.
    const stranger = await signInDirectly(harness.db, []);
    expect((await callApi(harness, stranger, "GET", device(running))).status).toBe(404);
  });

  it("pushes a file (an APK is installed) with can_exec, audited by name; refuses a hostile name", async () => {
    const resource: ResourceName = `instance:default/${running}`;
    const push = (cookie: string, filename: string, file: Buffer) =>
      multipartRequest(new URL(device(running, "files"), harness.url), {
        file,
        filePart: { field: "file", filename, contentType: "application/octet-stream" },
        headers: { cookie },
      });
    const apk = Buffer.from(
      zipSync({ "AndroidManifest.xml": strToU8('<manifest package="com.example.notes"/>') }),
    );
    const pushed = await push(admin, "notes.apk", apk);
    expect(pushed.status).toBe(200);
    const state = (pushed.body as { metadata: DeviceState }).metadata;
    expect(state.files[0]).toMatchObject({ name: "notes.apk", size: apk.length });
    expect(state.installed_apps[0]).toMatchObject({ package: "com.example.notes" });

    const streamer = await userHolding([
      { entitlement: "can_view", resource },
      { entitlement: "can_stream", resource },
    ]);
    const refused = await push(streamer, "notes.apk", apk);
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe(`You may not do this: needs can_exec on ${resource}.`);
    const hostile = await push(admin, "bell\u0007.txt", Buffer.from("x"));
    expect(hostile.status).toBe(400);
    expect(messageOf(hostile.body)).toMatch(/control characters/);
    const hidden = await push(admin, ".profile", Buffer.from("x"));
    expect(messageOf(hidden.body)).toMatch(/starts with a dot/);

    const audit = await callApi(harness, admin, "GET", "/api/audit?size=100&q=files");
    const entries = (audit.body as { metadata: AuditEntry[] }).metadata;
    expect(entries.find((entry) => entry.outcome === "success")).toMatchObject({
      action: "POST /api/instances/:id/device/files",
      resource,
      detail: "200 · installed notes.apk",
    });
  });

  it("refuses bad values with the field, and a stopped device with why", async () => {
    const bad = await callApi(harness, admin, "PATCH", device(running, "location"), {
      latitude: 200,
      longitude: 0,
    });
    expect(bad.status).toBe(400);
    expect(messageOf(bad.body)).toMatch(/^Invalid location: latitude/);
    const sms = await callApi(harness, admin, "POST", device(running, "telephony/sms"), {
      number: "<script>",
      message: "x",
    });
    expect(sms.status).toBe(400);
    expect(messageOf(sms.body)).toContain("number");
    const asleep = await callApi(harness, admin, "PUT", device(stopped, "clipboard"), {
      text: "x",
    });
    expect(asleep.status).toBe(409);
    expect(messageOf(asleep.body)).toContain("takes controls only while it runs");
    const ghost = await callApi(harness, admin, "GET", device("ghost"));
    expect(ghost.status).toBe(404);
  });
});
