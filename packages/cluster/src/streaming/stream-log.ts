import { DeviceLog, type LogcatLevel } from "../runtime/device-log.ts";
import { devicePids } from "../runtime/device-pids.ts";
import type { ControlEvent } from "./control-messages.ts";
import { keyEffect } from "./hid-keys.ts";
import { naturalOrientation, orientationAt, type Orientation, type Turn } from "./orientation.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";

/**
 * What a stream makes the device write in its android.log, as a real device's logcat would show
 * it: a viewer connecting and leaving, touches going down and up, device keys, rotation. Typed
 * characters are never written (they may be a password), nor every finger move (too many).
 */
export class StreamLog {
  private readonly log: DeviceLog | undefined;
  private readonly pid: number;
  private readonly natural: Orientation;
  /** How far the device was turned when last written: only a change of it is written. */
  private turn: Turn;

  /** `turn`: how far the device is turned as the stream starts. */
  constructor(spec: StreamScreenSpec, turn: Turn) {
    this.log =
      spec.logsDir === undefined ? undefined : new DeviceLog(spec.logsDir, spec.instanceName);
    this.pid = devicePids(spec.instanceId).systemServer;
    this.natural = naturalOrientation(spec);
    this.turn = turn;
  }

  connected(codec: string | undefined, sound: boolean): void {
    this.write(
      "I",
      "WebRTC",
      `stream client connected (${codec ?? "no video"}, sound ${sound ? "on" : "off"})`,
    );
  }

  left(why: string): void {
    this.write("I", "WebRTC", `stream client left: ${why}`);
  }

  /**
   * One control event, applied; `turn`: how far the device is turned after it. A turn (from
   * input::rotate or the accelerometer) is written once it changes the device's rotation, named
   * as the SDK names it for this screen: a viewer who joins holding it as it is writes nothing.
   */
  input(event: ControlEvent, turn: Turn): void {
    if (turn !== this.turn) {
      this.turn = turn;
      const held = orientationAt(turn, this.natural);
      this.write("I", "WindowManager", `rotation changed to ${held} (${String(turn)}°)`);
    }
    switch (event.kind) {
      case "touch-start":
        this.write(
          "D",
          "InputDispatcher",
          `touch ${String(event.id)} down at (${Math.round(event.x)}, ${Math.round(event.y)})`,
        );
        return;
      case "touch-end":
        this.write("D", "InputDispatcher", `touch ${String(event.id)} up`);
        return;
      case "key": {
        const effect = keyEffect(event.code, false);
        if (effect.kind !== "navigation") return;
        const name = effect.key.toUpperCase().replace(" ", "_");
        this.write("D", "InputDispatcher", `key KEYCODE_${name} ${event.pressed ? "down" : "up"}`);
        return;
      }
      default:
        return;
    }
  }

  private write(level: LogcatLevel, tag: string, message: string): void {
    // A log that cannot be written never gets in the stream's way.
    this.log?.android(this.pid, this.pid, [[level, tag, message]]).catch(() => undefined);
  }
}
