import { describe, expect, it } from "vitest";
import { parseControlMessage } from "../../src/streaming/control-messages.ts";

const message = (type: string, data?: unknown): string => JSON.stringify({ type, data });

describe("parseControlMessage", () => {
  it("reads the SDK's input messages", () => {
    expect(parseControlMessage(message("input::touch-start", { id: 0, x: 10.5, y: 20 }))).toEqual({
      ok: true,
      event: { kind: "touch-start", id: 0, x: 10.5, y: 20 },
    });
    expect(parseControlMessage(message("input::touch-move", { id: 3, x: 1, y: 2 }))).toEqual({
      ok: true,
      event: { kind: "touch-move", id: 3, x: 1, y: 2 },
    });
    expect(parseControlMessage(message("input::touch-end", { id: 3, last: true }))).toEqual({
      ok: true,
      event: { kind: "touch-end", id: 3 },
    });
    expect(parseControlMessage(message("input::key", { code: 4, pressed: true }))).toEqual({
      ok: true,
      event: { kind: "key", code: 4, pressed: true },
    });
    expect(
      parseControlMessage(message("input::mouse-move", { x: 5, y: 6, rx: 1, ry: -1 })),
    ).toEqual({ ok: true, event: { kind: "mouse-move", x: 5, y: 6, dx: 1, dy: -1 } });
    // With pointer lock only relative motion comes.
    expect(parseControlMessage(message("input::mouse-move", { rx: 4, ry: 0 }))).toEqual({
      ok: true,
      event: { kind: "mouse-move", x: undefined, y: undefined, dx: 4, dy: 0 },
    });
    expect(
      parseControlMessage(message("input::mouse-button", { button: 1, pressed: false })),
    ).toEqual({ ok: true, event: { kind: "mouse-button", button: 1, pressed: false } });
  });

  it("reads rotation as acceleration, as our own message, and committed IME text", () => {
    expect(
      parseControlMessage(message("sensor:event", { sensor: "acceleration", x: 9.8, y: 0, z: 0 })),
    ).toEqual({ ok: true, event: { kind: "acceleration", x: 9.8, y: 0, z: 0 } });
    expect(
      parseControlMessage(message("input::rotate", { orientation: "reverse-portrait" })),
    ).toEqual({
      ok: true,
      event: { kind: "rotate", orientation: "reverse-portrait" },
    });
    expect(
      parseControlMessage(message("input::ime-event", { type: 1, data: { text: "é" } })),
    ).toEqual({
      ok: true,
      event: { kind: "text", text: "é" },
    });
    expect(parseControlMessage(message("stream::disconnect", {}))).toEqual({
      ok: true,
      event: { kind: "disconnect" },
    });
    expect(parseControlMessage(message("stream::timing", { enabled: true }))).toEqual({
      ok: true,
      event: { kind: "timing", enabled: true },
    });
    expect(parseControlMessage(message("stream::timing", { enabled: "yes" }))).toMatchObject({
      ok: false,
      error: expect.stringContaining("data.enabled") as unknown,
    });
  });

  it("takes a viewer's stream quality and its requests about control, refusing bad values", () => {
    expect(parseControlMessage(message("stream::quality", { max_kbps: 500, scale: 0.5 }))).toEqual({
      ok: true,
      event: { kind: "quality", quality: { max_kbps: 500, scale: 0.5 } },
    });
    for (const bad of [
      { max_kbps: 50, scale: 1 },
      { max_kbps: null, scale: 0.3 },
      { max_kbps: null },
    ]) {
      expect(parseControlMessage(message("stream::quality", bad)).ok).toBe(false);
    }
    expect(parseControlMessage(message("stream::hand-control", { to: "v1" }))).toEqual({
      ok: true,
      event: { kind: "hand-control", to: "v1" },
    });
    expect(parseControlMessage(message("stream::hand-control", { to: "" })).ok).toBe(false);
  });

  it("takes the SDK's location and every sensor of Anbox's runtime", () => {
    expect(
      parseControlMessage(
        message("location::update-position", {
          format: "nmea",
          time: 1_000,
          latitude: 4807.038,
          longitude: -1131.0,
          altitude: 5,
          speed: 1,
          bearing: 90,
          extra: "let go",
        }),
      ),
    ).toEqual({
      ok: true,
      event: {
        kind: "location",
        location: {
          latitude: expect.closeTo(48 + 7.038 / 60, 9) as unknown,
          longitude: expect.closeTo(-(11 + 31 / 60), 9) as unknown,
          altitude: 5,
          speed: 1,
          bearing: 90,
          horizontal_accuracy: 20,
          time: 1_000,
          format: "wgs84",
        },
      },
    });
    expect(
      parseControlMessage(message("sensor:event", { sensor: "gyroscope", x: 0.5, y: 0, z: -1 })),
    ).toEqual({
      ok: true,
      event: { kind: "sensor", reading: { type: "gyroscope", x: 0.5, y: 0, z: -1 } },
    });
    expect(parseControlMessage(message("sensor:event", { sensor: "light", value: 120 }))).toEqual({
      ok: true,
      event: { kind: "sensor", reading: { type: "light", value: 120 } },
    });
    for (const [data, error] of [
      [{ sensor: "light", value: 50_000 }, /between 0 and 40000 lx/],
      [{ sensor: "light", x: 1 }, /light has value/],
      [{ sensor: "smell", value: 1 }, /type/],
    ] as const) {
      expect(parseControlMessage(message("sensor:event", data))).toMatchObject({
        ok: false,
        error: expect.stringMatching(error) as unknown,
      });
    }
    expect(
      parseControlMessage(message("location::update-position", { latitude: 91, longitude: 0 })),
    ).toMatchObject({ ok: false, error: expect.stringContaining("data.latitude") as unknown });
  });

  it("accepts protocol messages this device has nothing to do with", () => {
    for (const text of [
      message("input::mouse-wheel", { x: 0, y: -1 }),
      message("input::gamepad-button", { id: 0, index: 1, pressed: true }),
      message("vhal::get", { prop: 1 }),
    ]) {
      expect(parseControlMessage(text)).toMatchObject({ ok: true, event: { kind: "unsupported" } });
    }
  });

  it("refuses what is malformed, saying what is wrong", () => {
    const refusals: [string, RegExp][] = [
      ["{not json", /JSON/],
      ["[1,2]", /.+/],
      [message("input::teleport", {}), /unknown control message type "input::teleport"/],
      [message("input::touch-start", { id: 0, x: "10", y: 0 }), /data\.x/],
      [message("input::touch-start", { id: -1, x: 0, y: 0 }), /data\.id/],
      [message("input::touch-start", { id: 0.5, x: 0, y: 0 }), /data\.id/],
      [message("input::touch-move", { id: 0, x: 1 }), /data\.y/],
      [message("input::key", { code: 4 }), /data\.pressed/],
      [message("input::mouse-button", { button: 4, pressed: true }), /data\.button/],
      [message("input::mouse-move", { x: 1 }), /x and y/],
      [message("input::rotate", { orientation: "sideways" }), /data\.orientation/],
      [message("sensor:event", { sensor: "acceleration", x: 1, y: 2 }), /data\.z/],
      ['{"type":"input::touch-start","data":{"id":0,"x":1e400,"y":0}}', /data\.x/],
    ];
    for (const [text, error] of refusals) {
      const parsed = parseControlMessage(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(error);
    }
  });
});
