import { z } from "zod";
import {
  cameraSchema,
  deviceLocationSchema,
  type CameraSource,
  sensorReadingSchema,
  streamQualitySchema,
  type SensorReading,
  type StreamQuality,
} from "@anbox-dashboard/contract";
import type { LocationUpdate } from "./device-state.ts";
import { orientations, type Orientation } from "./orientation.ts";

/** One control message from the client, as the device acts on it. */
export type ControlEvent =
  | { kind: "touch-start" | "touch-move"; id: number; x: number; y: number }
  | { kind: "touch-end"; id: number }
  | { kind: "key"; code: number; pressed: boolean }
  | { kind: "mouse-move"; x: number | undefined; y: number | undefined; dx: number; dy: number }
  | { kind: "mouse-button"; button: number; pressed: boolean }
  | { kind: "acceleration"; x: number; y: number; z: number }
  /** Another sensor's values (the SDK's gyroscope and orientation, Anbox's other sensors). */
  | { kind: "sensor"; reading: SensorReading }
  /** The position the SDK's `sendLocationUpdate` sends. */
  | { kind: "location"; location: LocationUpdate }
  /** A frame of a live feed to the device's camera (this project's `camera::frame`). */
  | { kind: "camera"; jpeg: string; source: CameraSource }
  | { kind: "rotate"; orientation: Orientation }
  | { kind: "text"; text: string }
  | { kind: "disconnect" }
  /** The client asks for the device's side of each input's timing (stream::input-shown). */
  | { kind: "timing"; enabled: boolean }
  /** The viewer in control hands it to another viewer (this project's `stream::hand-control`). */
  | { kind: "hand-control"; to: string }
  /** A viewer who joined signed in takes control (this project's `stream::take-control`). */
  | { kind: "take-control" }
  /** The viewer's own stream's ceiling and picture size (this project's `stream::quality`). */
  | { kind: "quality"; quality: StreamQuality }
  /** A message of the protocol that this virtual device has nothing to do with (gamepad, VHAL…). */
  | { kind: "unsupported"; type: string };

export type ParsedControlMessage = { ok: true; event: ControlEvent } | { ok: false; error: string };

// z.number() refuses NaN and the infinities, so every coordinate that passes is a real number.
const coordinate = z.number();
const touchId = z.number().int().min(0).max(1_000_000);

const handControl = z.object({ to: z.string().min(1).max(64) });
const touchPosition = z.object({ id: touchId, x: coordinate, y: coordinate });
const touchEnd = z.object({ id: touchId, last: z.boolean().optional() });
const key = z.object({ code: z.number().int().min(0).max(65_535), pressed: z.boolean() });
const mouseMove = z
  .object({
    x: coordinate.optional(),
    y: coordinate.optional(),
    rx: coordinate.optional(),
    ry: coordinate.optional(),
  })
  .refine((data) => (data.x === undefined) === (data.y === undefined), {
    message: "x and y come together",
  })
  .refine((data) => data.x !== undefined || data.rx !== undefined || data.ry !== undefined, {
    message: "expected x and y, or rx and ry",
  });
const mouseButton = z.object({
  button: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5)]),
  pressed: z.boolean(),
});
const mouseWheel = z.object({
  x: z.number().int().min(-1).max(1),
  y: z.number().int().min(-1).max(1),
});
/**
 * `sensor:event`: the SDK names the sensor `sensor` and sends acceleration, gyroscope and
 * orientation; the other sensors of Anbox's runtime API come the same way, with its fields.
 */
const sensor = z
  .looseObject({ sensor: z.string() })
  .transform(({ sensor: type, ...values }) => ({ type, ...values }))
  .pipe(sensorReadingSchema);
/**
 * `location::update-position`, as the SDK's `sendLocationUpdate` sends it: a position in decimal
 * degrees ("wgs84", the default) or in NMEA's ddmm.mm ("nmea"), converted here. Fields the
 * device has no use for are let go.
 */
const location = z
  .looseObject({ format: z.enum(["wgs84", "nmea"]).default("wgs84") })
  .transform(({ format, ...position }) =>
    format === "nmea" &&
    typeof position.latitude === "number" &&
    typeof position.longitude === "number"
      ? {
          ...position,
          latitude: fromNmea(position.latitude),
          longitude: fromNmea(position.longitude),
        }
      : position,
  )
  .pipe(z.object(deviceLocationSchema.shape));

/** NMEA's ddmm.mm (degrees, then minutes) in decimal degrees; the sign stays. */
function fromNmea(value: number): number {
  const magnitude = Math.abs(value);
  const degrees = Math.floor(magnitude / 100);
  return Math.sign(value) * (degrees + (magnitude - degrees * 100) / 60);
}
const rotate = z.object({ orientation: z.enum(orientations) });
/** IME events: only committed text (type 1) changes what this device shows. */
const imeEvent = z.object({ type: z.number().int().min(1).max(5), data: z.unknown() });
const imeText = z.object({ text: z.string().max(10_000) });

const timing = z.object({ enabled: z.boolean() });

const envelope = z.object({ type: z.string().min(1), data: z.unknown() });

/** Types of the protocol (reference 4.4) accepted as they are, with nothing to show for them. */
const unsupportedTypes = new Set([
  "input::gamepad-button",
  "input::gamepad-axes",
  "vhal::get",
  "vhal::set",
  "vhal::get-all-prop-configs",
]);

/**
 * Reads one message of the `control` data channel (`{"type": "...", "data": {...}}`). Anything
 * that is not JSON, names an unknown type or carries data of the wrong shape is refused with a
 * message that says what is wrong; the caller ignores it.
 */
export function parseControlMessage(text: string): ParsedControlMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "a control message is JSON" };
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return { ok: false, error: describe(outer.error) };
  const { type, data } = outer.data;
  switch (type) {
    case "input::touch-start":
    case "input::touch-move":
      return read(touchPosition, data, (touch) => ({
        kind: type === "input::touch-start" ? "touch-start" : "touch-move",
        id: touch.id,
        x: touch.x,
        y: touch.y,
      }));
    case "input::touch-end":
      return read(touchEnd, data, (touch) => ({ kind: "touch-end", id: touch.id }));
    case "input::key":
      return read(key, data, (pressed) => ({ kind: "key", ...pressed }));
    case "input::mouse-move":
      return read(mouseMove, data, (move) => ({
        kind: "mouse-move",
        x: move.x,
        y: move.y,
        dx: move.rx ?? 0,
        dy: move.ry ?? 0,
      }));
    case "input::mouse-button":
      return read(mouseButton, data, (button) => ({ kind: "mouse-button", ...button }));
    case "input::mouse-wheel":
      return read(mouseWheel, data, () => ({ kind: "unsupported", type }));
    case "sensor:event":
      return read(sensor, data, (reading) =>
        reading.type === "acceleration"
          ? { kind: "acceleration", x: reading.x, y: reading.y, z: reading.z }
          : { kind: "sensor", reading },
      );
    case "camera::frame":
      return read(cameraSchema, data, (frame) => ({ kind: "camera", ...frame }));
    case "location::update-position":
      return read(location, data, (position) => ({ kind: "location", location: position }));
    case "input::rotate":
      return read(rotate, data, (rotation) => ({
        kind: "rotate",
        orientation: rotation.orientation,
      }));
    case "input::ime-event":
      return read(imeEvent, data, (ime) => {
        if (ime.type !== 1) return { kind: "unsupported", type: `${type} ${ime.type}` };
        const text = imeText.safeParse(ime.data);
        return text.success
          ? { kind: "text", text: text.data.text }
          : { kind: "unsupported", type: `${type} without text` };
      });
    case "stream::disconnect":
      return { ok: true, event: { kind: "disconnect" } };
    case "stream::timing":
      return read(timing, data, (wanted) => ({ kind: "timing", enabled: wanted.enabled }));
    case "stream::hand-control":
      return read(handControl, data, (hand) => ({ kind: "hand-control", to: hand.to }));
    case "stream::take-control":
      return { ok: true, event: { kind: "take-control" } };
    case "stream::quality":
      return read(streamQualitySchema, data, (quality) => ({ kind: "quality", quality }));
    default:
      if (unsupportedTypes.has(type)) return { ok: true, event: { kind: "unsupported", type } };
      return { ok: false, error: `unknown control message type "${type}"` };
  }
}

function read<S extends z.ZodType>(
  schema: S,
  data: unknown,
  toEvent: (value: z.infer<S>) => ControlEvent,
): ParsedControlMessage {
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, error: describe(parsed.error, "data") };
  return { ok: true, event: toEvent(parsed.data) };
}

function describe(error: z.ZodError, prefix?: string): string {
  return error.issues
    .map((issue) => {
      const path = [...(prefix === undefined ? [] : [prefix]), ...issue.path.map(String)].join(".");
      return path === "" ? issue.message : `${path}: ${issue.message}`;
    })
    .join("; ");
}
