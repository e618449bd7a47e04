import { z } from "zod";
import { deviceFileSchema, installedAppSchema } from "./device-files.ts";

// A device's controls (issue 39): what a tester sets on an instance's device besides touch and
// keys. Where Anbox's runtime HTTP API has a name and a shape for it (`/1.0/location`,
// `/1.0/sensors`, `/1.0/telephony/sms`), they are its; battery, calls and the clipboard are this
// project's extension (README, "Device controls").

/** Decimal degrees from -limit to limit, refused in words a form can show. */
function degrees(limit: number) {
  const range = `degrees between -${String(limit)} and ${String(limit)}`;
  return z
    .number({ message: `a number of ${range}` })
    .min(-limit, range)
    .max(limit, range);
}

/** A position as Anbox's `PATCH /1.0/location` takes it (WGS84 decimal degrees). */
export const deviceLocationSchema = z.strictObject({
  latitude: degrees(90),
  longitude: degrees(180),
  /** Meters above sea level. */
  altitude: z.number().min(-1_000).max(50_000).default(0),
  /** Meters per second. */
  speed: z.number().min(0).max(1_000).default(0),
  /** Degrees clockwise from north. */
  bearing: z.number().min(0).max(360).default(0),
  /** Meters (Anbox's default is 20). */
  horizontal_accuracy: z.number().min(0).max(100_000).default(20),
  /** When the position was taken, in milliseconds since the epoch (now when omitted). */
  time: z.number().int().min(0).optional(),
  /** Only decimal degrees: Anbox's "nmea" (ddmm.mm) is a form for files, not for this page. */
  format: z.literal("wgs84").default("wgs84"),
});
export type DeviceLocationInput = z.input<typeof deviceLocationSchema>;

/** Anbox's sensor names (`GET /1.0/sensors` supported_sensors), in the order the page shows them. */
export const sensorTypes = [
  "acceleration",
  "gyroscope",
  "magnetic-field",
  "orientation",
  "light",
  "proximity",
  "pressure",
  "temperature",
  "humidity",
] as const;
export type SensorType = (typeof sensorTypes)[number];

/** The names of a reading's values (Anbox's fields). */
export type SensorAxisName = "x" | "y" | "z" | "azimuth" | "pitch" | "roll" | "value";

/** What each value of a sensor is called, its unit and range (Android's units). */
export interface SensorAxis {
  name: SensorAxisName;
  min: number;
  max: number;
  step: number;
}
export interface SensorSpec {
  label: string;
  unit: string;
  axes: readonly SensorAxis[];
  /** What the device reads when nothing was set: held upright, at rest, indoors. */
  initial: readonly number[];
}

const xyz = (range: number, step: number): SensorAxis[] =>
  (["x", "y", "z"] as const).map((name) => ({ name, min: -range, max: range, step }));
const one = (min: number, max: number, step: number): SensorAxis[] => [
  { name: "value", min, max, step },
];

export const sensorSpecs: Record<SensorType, SensorSpec> = {
  acceleration: {
    label: "Accelerometer",
    unit: "m/s²",
    axes: xyz(39.2, 0.1),
    initial: [0, 9.8, 0],
  },
  gyroscope: { label: "Gyroscope", unit: "rad/s", axes: xyz(10, 0.01), initial: [0, 0, 0] },
  "magnetic-field": {
    label: "Magnetic field",
    unit: "µT",
    axes: xyz(200, 0.5),
    initial: [0, 22, -42],
  },
  orientation: {
    label: "Orientation",
    unit: "°",
    axes: [
      { name: "azimuth", min: 0, max: 360, step: 1 },
      { name: "pitch", min: -180, max: 180, step: 1 },
      { name: "roll", min: -90, max: 90, step: 1 },
    ],
    initial: [0, 0, 0],
  },
  light: { label: "Light", unit: "lx", axes: one(0, 40_000, 10), initial: [300] },
  proximity: { label: "Proximity", unit: "cm", axes: one(0, 10, 0.5), initial: [10] },
  pressure: { label: "Pressure", unit: "hPa", axes: one(300, 1_100, 1), initial: [1_013] },
  temperature: { label: "Temperature", unit: "°C", axes: one(-40, 85, 0.5), initial: [21] },
  humidity: { label: "Humidity", unit: "%", axes: one(0, 100, 1), initial: [45] },
};

/** One sensor's values, as Anbox's `PATCH /1.0/sensors` takes each item of its array. */
export type SensorReading =
  | { type: "acceleration" | "gyroscope" | "magnetic-field"; x: number; y: number; z: number }
  | { type: "orientation"; azimuth: number; pitch: number; roll: number }
  | { type: "light" | "proximity" | "pressure" | "temperature" | "humidity"; value: number };

/** The values of a reading, in its spec's order. */
export function readingValues(reading: SensorReading): number[] {
  const fields: Partial<Record<SensorAxisName, number>> = reading;
  return sensorSpecs[reading.type].axes.map((axis) => fields[axis.name] ?? 0);
}

/** A reading of `type` from values in its spec's order. */
export function readingOf(type: SensorType, values: readonly number[]): SensorReading {
  const [first = 0, second = 0, third = 0] = values;
  switch (type) {
    case "acceleration":
    case "gyroscope":
    case "magnetic-field":
      return { type, x: first, y: second, z: third };
    case "orientation":
      return { type, azimuth: first, pitch: second, roll: third };
    default:
      return { type, value: first };
  }
}

const someNumber = z.number().optional();
/**
 * One item of `PATCH …/device/sensors`: a sensor's type and exactly its values (Anbox's names),
 * each within the sensor's range.
 */
export const sensorReadingSchema = z
  .strictObject({
    type: z.enum(sensorTypes),
    x: someNumber,
    y: someNumber,
    z: someNumber,
    azimuth: someNumber,
    pitch: someNumber,
    roll: someNumber,
    value: someNumber,
  })
  .superRefine((input, context) => {
    const spec = sensorSpecs[input.type];
    const wanted = new Set<string>(spec.axes.map((axis) => axis.name));
    for (const axis of spec.axes) {
      const value = input[axis.name];
      if (value === undefined) {
        context.addIssue({
          code: "custom",
          path: [axis.name],
          message: `${input.type} has ${axis.name}`,
        });
      } else if (value < axis.min || value > axis.max) {
        context.addIssue({
          code: "custom",
          path: [axis.name],
          message: `${spec.label} ${axis.name} is between ${String(axis.min)} and ${String(axis.max)} ${spec.unit}`,
        });
      }
    }
    for (const name of ["x", "y", "z", "azimuth", "pitch", "roll", "value"] as const) {
      if (input[name] !== undefined && !wanted.has(name)) {
        context.addIssue({ code: "custom", path: [name], message: `${input.type} has no ${name}` });
      }
    }
  })
  .transform((input) =>
    readingOf(
      input.type,
      sensorSpecs[input.type].axes.map((axis) => input[axis.name] ?? 0),
    ),
  );

/** `PATCH …/device/sensors`: some sensors' new values (each type once). */
export const sensorReadingsSchema = z
  .array(sensorReadingSchema)
  .min(1)
  .max(sensorTypes.length)
  .refine((readings) => new Set(readings.map((reading) => reading.type)).size === readings.length, {
    message: "each sensor once",
  });

export const batterySchema = z.strictObject({
  /** Percent. */
  level: z.number().int().min(0).max(100),
  charging: z.boolean(),
});
export type DeviceBattery = z.infer<typeof batterySchema>;

/** The mobile network profiles a device can be put on, slowest first. */
export const networkProfiles = ["gprs", "edge", "3g", "4g", "5g"] as const;
export type NetworkProfile = (typeof networkProfiles)[number];

/**
 * What each profile lets through toward the viewer: its bandwidth, its one-way latency and the
 * share of packets it loses (typical figures of each generation, as emulators use them).
 */
export const networkProfileSpecs: Record<
  NetworkProfile,
  { label: string; kbps: number; latencyMs: number; lossRate: number }
> = {
  gprs: { label: "GPRS", kbps: 80, latencyMs: 300, lossRate: 0.01 },
  edge: { label: "EDGE", kbps: 240, latencyMs: 200, lossRate: 0.01 },
  "3g": { label: "3G", kbps: 2_000, latencyMs: 100, lossRate: 0.005 },
  "4g": { label: "4G", kbps: 20_000, latencyMs: 50, lossRate: 0.001 },
  "5g": { label: "5G", kbps: 100_000, latencyMs: 20, lossRate: 0 },
};

/**
 * `PATCH …/device/network` (this project's extension): Wi-Fi and mobile data on or off, the mobile
 * profile and its signal (0–4 bars). On mobile data alone, the profile shapes the stream.
 */
export const networkSchema = z.strictObject({
  wifi: z.boolean(),
  mobile: z.boolean(),
  profile: z.enum(networkProfiles),
  signal: z.number().int().min(0).max(4),
});
export type DeviceNetwork = z.infer<typeof networkSchema>;

/** What a device's network lets through: nothing shaped on Wi-Fi or with no data at all. */
export function shapingOf(network: DeviceNetwork) {
  return !network.wifi && network.mobile ? networkProfileSpecs[network.profile] : undefined;
}

/** A phone number as a tester types one: digits, spaces, +, -, (, ), * and #. */
const phoneNumber = z
  .string()
  .trim()
  .min(1, "a phone number")
  .max(32)
  .regex(/^[0-9+\-() *#]+$/, "digits, spaces and + - ( ) * # only");

/** `POST …/device/telephony/sms`, as Anbox's `/1.0/telephony/sms`. */
export const smsSchema = z.strictObject({
  number: phoneNumber,
  message: z.string().min(1, "a message").max(1_600),
});
/** `POST …/device/telephony/call`: an incoming call (this project's extension). */
export const callSchema = z.strictObject({ number: phoneNumber });

/** The largest picture the camera takes (a JPEG; the page makes one from any picture or frame). */
export const cameraJpegMaxBytes = 512 * 1024;
/** The camera's picture at most this wide and high (the page scales it down). */
export const cameraMaxSide = 1_920;
/** Where the camera's picture comes from: a picture sent, this browser's camera, a video file. */
export const cameraSources = ["picture", "camera", "video"] as const;
export type CameraSource = (typeof cameraSources)[number];
/** How each source is named in a sentence ("the camera sees a picture"). */
export const cameraSourceNames: Record<CameraSource, string> = {
  picture: "a picture",
  camera: "a browser's camera",
  video: "a video",
};

/**
 * `PUT …/device/camera` (as Anbox's `POST /1.0/camera/data` takes a JPEG, in JSON here): what the
 * device's camera sees from now on. Also, for a live feed, the control channel's `camera::frame`.
 */
export const cameraSchema = z.strictObject({
  /** The JPEG, base64-encoded. */
  jpeg: z
    .base64("a JPEG picture, base64-encoded")
    .max(Math.ceil(cameraJpegMaxBytes / 3) * 4, `at most ${String(cameraJpegMaxBytes / 1024)} KB`),
  source: z.enum(cameraSources),
});

/** The most text the clipboard carries either way. */
export const clipboardMaxLength = 16_384;
/** `PUT …/device/clipboard`: what the device's clipboard holds from now on. */
export const clipboardSchema = z.strictObject({ text: z.string().max(clipboardMaxLength) });

/** Where the device's clipboard text came from: pasted in from the page, or copied on it. */
export type ClipboardSource = NonNullable<DeviceState["clipboard"]>["source"];
/** A position the device has, with when it was taken. */
export type DeviceLocation = DeviceState["location_history"][number];

/** A position the device has: as set, with when it was taken. */
const storedLocationSchema = z.object({
  ...deviceLocationSchema.shape,
  time: z.number().int().min(0),
});

/**
 * What one device has been given (`GET …/device`), and what its screen shows. The dashboard
 * reads a cluster's answer with it (unknown fields let go).
 */
export const deviceStateSchema = z.object({
  /** The latest position, or null before any was set. */
  location: storedLocationSchema.nullable(),
  /** The positions set, newest first (at most `locationHistoryLength`). */
  location_history: z.array(storedLocationSchema),
  /** Every sensor's current values. */
  sensors: z.array(sensorReadingSchema),
  battery: batterySchema,
  network: networkSchema,
  /** What the device's camera sees: a picture of that size, from where; null before any. */
  camera: z
    .object({
      source: z.enum(cameraSources),
      width: z.number(),
      height: z.number(),
      updated_at: z.number(),
    })
    .nullable(),
  last_sms: z
    .object({ number: z.string(), message: z.string(), received_at: z.number() })
    .nullable(),
  last_call: z.object({ number: z.string(), received_at: z.number() }).nullable(),
  clipboard: z
    .object({ text: z.string(), changed_at: z.number(), source: z.enum(["page", "device"]) })
    .nullable(),
  /** Files pushed into its downloads, newest first (at most `deviceFilesListed`); a cluster of before has none. */
  files: z.array(deviceFileSchema).default([]),
  /** Applications installed from pushed APKs, newest first (at most `deviceFilesListed`). */
  installed_apps: z.array(installedAppSchema).default([]),
});
export type DeviceState = z.output<typeof deviceStateSchema>;

export const locationHistoryLength = 10;

/** The device's state before anything was set. */
export function initialDeviceState(): DeviceState {
  return {
    location: null,
    location_history: [],
    sensors: sensorTypes.map((type) => readingOf(type, sensorSpecs[type].initial)),
    battery: { level: 100, charging: true },
    network: { wifi: true, mobile: true, profile: "4g", signal: 4 },
    camera: null,
    last_sms: null,
    last_call: null,
    clipboard: null,
    files: [],
    installed_apps: [],
  };
}

/** A few places to put the device, for a tester who has no coordinates at hand. */
export const namedPlaces: readonly { name: string; latitude: number; longitude: number }[] = [
  { name: "London", latitude: 51.5072, longitude: -0.1276 },
  { name: "Berlin", latitude: 52.52, longitude: 13.405 },
  { name: "New York", latitude: 40.7128, longitude: -74.006 },
  { name: "São Paulo", latitude: -23.5505, longitude: -46.6333 },
  { name: "Tokyo", latitude: 35.6762, longitude: 139.6503 },
  { name: "Sydney", latitude: -33.8688, longitude: 151.2093 },
];

/** Each control: its path under `…/device/`, its method, and what its body is. */
export const deviceControls = {
  location: { path: "location", method: "PATCH", body: deviceLocationSchema },
  sensors: { path: "sensors", method: "PATCH", body: sensorReadingsSchema },
  battery: { path: "battery", method: "PATCH", body: batterySchema },
  network: { path: "network", method: "PATCH", body: networkSchema },
  sms: { path: "telephony/sms", method: "POST", body: smsSchema },
  call: { path: "telephony/call", method: "POST", body: callSchema },
  clipboard: { path: "clipboard", method: "PUT", body: clipboardSchema },
  camera: { path: "camera", method: "PUT", body: cameraSchema },
} as const;
export type DeviceControlName = keyof typeof deviceControls;
export type DeviceControl = (typeof deviceControls)[DeviceControlName];
/** The body each control takes, as the page sends it (checked with its schema first). */
export type DeviceControlBody<Name extends DeviceControlName> = z.output<
  (typeof deviceControls)[Name]["body"]
>;

/** The AMS API extension of a cluster whose instances take these controls. */
export const deviceControlsExtension = "instance_device_controls";

/** The device's state as `GET /api/instances/{id}/device` answers it. */
export interface DeviceStateResponse {
  metadata: DeviceState;
}
