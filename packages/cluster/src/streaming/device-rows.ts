import {
  cameraSourceNames,
  networkProfileSpecs,
  readingValues,
  sensorSpecs,
  type DeviceState,
  type SensorReading,
  type SensorType,
} from "@anbox-dashboard/contract";

/** One line of the device's state on its screen: what it is, and its value now. */
export interface DeviceRow {
  label: string;
  value: string;
}

/**
 * What the device's screen says of its state (device-state.ts), a line each: its position, the
 * positions before it, battery, the last SMS and call, the clipboard, the files it received and
 * the applications installed from them, and its sensors, grouped.
 * A screenshot of the stream shows each control's round trip.
 */
export function deviceRows(state: DeviceState, formatTime: (at: number) => string): DeviceRow[] {
  const { location, battery } = state;
  const earlier = state.location_history.length - 1;
  return [
    {
      label: "Location",
      value:
        location === null
          ? "not set"
          : `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)} · ${fixed(location.altitude, 0)} m` +
            (earlier > 0 ? ` (+${String(earlier)} earlier)` : ""),
    },
    {
      label: "Moving",
      value:
        location === null
          ? "—"
          : `${fixed(location.speed, 1)} m/s toward ${fixed(location.bearing, 0)}° · ±${fixed(location.horizontal_accuracy, 0)} m`,
    },
    {
      label: "Battery",
      value: `${String(battery.level)}% · ${battery.charging ? "charging" : "on battery"}`,
    },
    { label: "Network", value: networkLine(state.network) },
    {
      label: "Camera",
      value:
        state.camera === null
          ? "sees nothing"
          : `${cameraSourceNames[state.camera.source]} ${String(state.camera.width)}×${String(state.camera.height)} at ${formatTime(state.camera.updated_at)}`,
    },
    {
      label: "SMS",
      value:
        state.last_sms === null
          ? "none"
          : `${state.last_sms.number}: ${oneLine(state.last_sms.message)}`,
    },
    {
      label: "Call",
      value:
        state.last_call === null
          ? "none"
          : `${state.last_call.number} at ${formatTime(state.last_call.received_at)}`,
    },
    {
      label: "Clipboard",
      value:
        state.clipboard === null || state.clipboard.text === ""
          ? "empty"
          : `“${oneLine(state.clipboard.text)}”`,
    },
    {
      label: "Files",
      value:
        state.files.length === 0
          ? "none received"
          : state.files.map((file) => `${file.name} (${sizeText(file.size)})`).join(" · "),
    },
    {
      label: "Installed",
      value:
        state.installed_apps.length === 0
          ? "no pushed apps"
          : state.installed_apps.map((app) => app.package).join(" · "),
    },
    { label: "Motion", value: sensorGroup(state.sensors, ["acceleration", "gyroscope"]) },
    { label: "Field", value: sensorGroup(state.sensors, ["magnetic-field", "orientation"]) },
    {
      label: "Ambient",
      value: sensorGroup(state.sensors, [
        "light",
        "proximity",
        "pressure",
        "temperature",
        "humidity",
      ]),
    },
  ];
}

/** "Wi-Fi · mobile 3G ▂▄▆_" or "no network": what the device is connected through. */
function networkLine(network: DeviceState["network"]): string {
  const bars = "▂▄▆█".slice(0, network.signal).padEnd(4, "_");
  const mobile = network.mobile
    ? `mobile ${networkProfileSpecs[network.profile].label} ${bars}`
    : "";
  const parts = [network.wifi ? "Wi-Fi" : "", mobile].filter((part) => part !== "");
  return parts.length === 0 ? "no network" : parts.join(" · ");
}

/** Some sensors' values with their units, separated by dots. */
function sensorGroup(readings: readonly SensorReading[], types: readonly SensorType[]): string {
  return types
    .map((type) => {
      const reading = readings.find((candidate) => candidate.type === type);
      if (reading === undefined) return "";
      const values = readingValues(reading).map((value) => fixed(value, 1));
      return `${values.join(" ")} ${sensorSpecs[type].unit}`;
    })
    .filter((part) => part !== "")
    .join(" · ");
}

/** A number with at most `digits` decimals, without trailing zeros ("9.8", "0", "1013"). */
function fixed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/** "512 B", "12 KB", "3.4 MB": a file's size, short. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  if (bytes < 1024 * 1024) return `${fixed(bytes / 1024, 0)} KB`;
  return `${fixed(bytes / 1024 / 1024, 1)} MB`;
}

/** Text on one line: its line breaks as spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
