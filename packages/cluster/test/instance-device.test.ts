import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceState } from "@anbox-dashboard/contract";
import { createCanvas } from "@napi-rs/canvas";
import { startTestCluster, type TestCluster } from "./helpers/test-cluster.ts";
import { createInstance, json, waitForStatus, writeAndWait } from "./helpers/instance-helpers.ts";
import { deviceScreenFor, readScreenState } from "../src/streaming/screen-registry.ts";

let cluster: TestCluster;
let id = "";

beforeAll(async () => {
  cluster = await startTestCluster();
  id = (await createInstance(cluster, { name: "tested" })).id;
});

afterAll(async () => {
  await cluster.destroy();
});

/** The start of a JPEG that claims 60000×60000 pixels: refused before it is decoded. */
function hugeJpegHeader(): string {
  const frame = Buffer.from([0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame]).toString("base64");
}

const device = (method: string, path: string, body: unknown) =>
  cluster.request<DeviceState>(method, `/1.0/instances/${id}/device/${path}`, json(body));

describe("a virtual device's controls (instance_device_controls)", () => {
  it("takes nothing while the instance is stopped, and says why", async () => {
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "stopped" });
    await waitForStatus(cluster, id, "stopped");
    const refused = await device("PATCH", "battery", { level: 15, charging: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "Instance tested is stopped: its device takes controls only while it runs",
    );
    const ghost = await cluster.request("GET", "/1.0/instances/ghost/device");
    expect(ghost.status).toBe(404);
  });

  it("takes a location, sensors, battery, an SMS, a call and the clipboard, and answers its state", async () => {
    await writeAndWait(cluster, "PATCH", `/1.0/instances/${id}`, { desired_status: "running" });
    await waitForStatus(cluster, id, "running");
    const located = await device("PATCH", "location", { latitude: 52.52, longitude: 13.405 });
    expect(located.status).toBe(200);
    expect(located.body.metadata.location).toMatchObject({
      latitude: 52.52,
      longitude: 13.405,
      altitude: 0,
      horizontal_accuracy: 20,
      format: "wgs84",
    });
    await device("PATCH", "location", { latitude: 48.85, longitude: 2.35, time: 7 });
    // Gravity along x: the screen turns as a phone held sideways does.
    const sensed = await device("PATCH", "sensors", [
      { type: "acceleration", x: 9.8, y: 0, z: 0 },
      { type: "light", value: 5 },
    ]);
    expect(sensed.body.metadata.sensors).toContainEqual({ type: "light", value: 5 });
    expect(readScreenState(id)?.rotation).not.toBe(0);
    await device("PATCH", "battery", { level: 15, charging: false });
    const network = { wifi: false, mobile: true, profile: "3g", signal: 2 };
    expect((await device("PATCH", "network", network)).body.metadata.network).toEqual(network);
    await device("POST", "telephony/sms", { number: "+49 30 123", message: "Code 1234" });
    await device("POST", "telephony/call", { number: "+1 555 0100" });
    await device("PUT", "clipboard", { text: "pasted in" });
    const picture = createCanvas(64, 48).toBuffer("image/jpeg").toString("base64");
    const shown = await device("PUT", "camera", { jpeg: picture, source: "picture" });
    expect(shown.body.metadata.camera).toMatchObject({ source: "picture", width: 64, height: 48 });
    expect(deviceScreenFor(id).camera?.width).toBe(64);

    const state = (await cluster.request<DeviceState>("GET", `/1.0/instances/tested/device`)).body
      .metadata;
    expect(state.location_history.map((place) => place.latitude)).toEqual([48.85, 52.52]);
    expect(state.location?.time).toBe(7);
    expect(state.battery).toEqual({ level: 15, charging: false });
    expect(state.last_sms).toMatchObject({ number: "+49 30 123", message: "Code 1234" });
    expect(state.last_call).toMatchObject({ number: "+1 555 0100" });
    expect(state.clipboard).toMatchObject({ text: "pasted in", source: "page" });
    // The device's screen draws from the same state.
    expect(deviceScreenFor(id).state.current.battery.level).toBe(15);
  });

  it("refuses bad values, naming each field", async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ["PATCH", "location", { latitude: 91, longitude: 0 }, /latitude/],
      ["PATCH", "location", { latitude: 1, longitude: 2, format: "nmea" }, /format/],
      ["PATCH", "sensors", [{ type: "proximity", value: 11 }], /between 0 and 10 cm/],
      [
        "PATCH",
        "sensors",
        [
          { type: "light", value: 1 },
          { type: "light", value: 2 },
        ],
        /once/,
      ],
      ["PATCH", "sensors", [], /sensor values/],
      ["PATCH", "battery", { level: 101, charging: true }, /level/],
      ["PATCH", "network", { wifi: true, mobile: true, profile: "6g", signal: 2 }, /profile/],
      ["POST", "telephony/sms", { number: "call me", message: "hi" }, /number: digits/],
      ["POST", "telephony/sms", { number: "123", message: "" }, /a message/],
      ["PUT", "clipboard", { text: "x".repeat(16_385) }, /text/],
      ["PUT", "clipboard", { text: "x", extra: 1 }, /extra/],
      ["PUT", "camera", { jpeg: "not base64!", source: "picture" }, /base64/],
      [
        "PUT",
        "camera",
        { jpeg: Buffer.from("GIF89a").toString("base64"), source: "picture" },
        /not a JPEG/,
      ],
      ["PUT", "camera", { jpeg: hugeJpegHeader(), source: "picture" }, /at most 1920 a side/],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await device(method, path, body);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(response.body.error).toMatch(message);
    }
  });
});
