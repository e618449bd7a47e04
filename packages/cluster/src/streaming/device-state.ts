import {
  deviceFilesListed,
  initialDeviceState,
  locationHistoryLength,
  type ClipboardSource,
  type DeviceBattery,
  type DeviceNetwork,
  type DeviceLocation,
  type DeviceState,
  type SensorReading,
} from "@anbox-dashboard/contract";

/** A position as it is set: its time may be left to the device. */
export type LocationUpdate = Omit<DeviceLocation, "time"> & { time?: number | undefined };

/**
 * What a virtual device has been given besides touch and keys (issue 39): its position and the
 * positions before it, its sensors, battery, the last SMS and call, its clipboard. It lives with
 * the device's screen, as long as the instance: a viewer who reconnects finds the same values.
 * Whoever shows it (the screen, the viewer's panel) listens for its changes.
 */
export class VirtualDeviceState {
  #state: DeviceState = initialDeviceState();
  readonly #listeners = new Set<() => void>();

  /** A copy of the state now. */
  snapshot(): DeviceState {
    return structuredClone(this.#state);
  }

  /** The state now, to read and not to keep (the screen draws from it every frame). */
  get current(): Readonly<DeviceState> {
    return this.#state;
  }

  /** Called after every change; returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setLocation(update: LocationUpdate, now: number): void {
    const location: DeviceLocation = { ...update, time: update.time ?? now };
    const history = [location, ...this.#state.location_history].slice(0, locationHistoryLength);
    this.#change({ location, location_history: history });
  }

  /** Some sensors' new values; the others keep theirs. */
  setSensors(readings: readonly SensorReading[]): void {
    const byType = new Map(readings.map((reading) => [reading.type, reading]));
    const sensors = this.#state.sensors.map((reading) => byType.get(reading.type) ?? reading);
    this.#change({ sensors });
  }

  setBattery(battery: DeviceBattery): void {
    this.#change({ battery: { ...battery } });
  }

  /** Wi-Fi, mobile data, its profile and signal: a viewer's stream is shaped by it. */
  setNetwork(network: DeviceNetwork): void {
    this.#change({ network: { ...network } });
  }

  /** What the camera sees changed (the picture itself is the screen's: device-screen.ts). */
  setCamera(camera: DeviceState["camera"]): void {
    this.#change({ camera });
  }

  receiveSms(number: string, message: string, now: number): void {
    this.#change({ last_sms: { number, message, received_at: now } });
  }

  receiveCall(number: string, now: number): void {
    this.#change({ last_call: { number, received_at: now } });
  }

  setClipboard(text: string, source: ClipboardSource, now: number): void {
    this.#change({ clipboard: { text, changed_at: now, source } });
  }

  /** A file arrived in its downloads (one of the same name is replaced). */
  receiveFile(name: string, size: number, now: number): void {
    const others = this.#state.files.filter((file) => file.name !== name);
    const files = [{ name, size, received_at: now }, ...others].slice(0, deviceFilesListed);
    this.#change({ files });
  }

  /** An application was installed from a pushed APK (reinstalling one moves it first). */
  installApp(packageName: string, file: string, now: number): void {
    const others = this.#state.installed_apps.filter((app) => app.package !== packageName);
    const installed = { package: packageName, file, installed_at: now };
    this.#change({ installed_apps: [installed, ...others].slice(0, deviceFilesListed) });
  }

  #change(change: Partial<DeviceState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
