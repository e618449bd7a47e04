import { DeviceLog, type LogcatLevel } from "../runtime/device-log.ts";
import { devicePids } from "../runtime/device-pids.ts";
import type { ControlEvent } from "./control-messages.ts";
import { keyEffect } from "./hid-keys.ts";
import type { StreamScreenSpec } from "./screen-spec.ts";

/**
 * What a stream makes the device write in its android.log, as a real device's logcat would show
 * it: a viewer connecting and leaving, touches going down and up, device keys, rotation. Typed
 * characters are never written (they may be a password), nor every finger move (too many).
 */
export class StreamLog {
  private readonly log: DeviceLog | undefined;
  private readonly pid: number;

  constructor(spec: StreamScreenSpec) {
    this.log =
      spec.logsDir === undefined ? undefined : new DeviceLog(spec.logsDir, spec.instanceName);
    this.pid = devicePids(spec.instanceId).systemServer;
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

  input(event: ControlEvent): void {
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
      case "rotate":
        this.write("I", "WindowManager", `rotation changed to ${event.orientation}`);
        return;
      default:
        return;
    }
  }

  private write(level: LogcatLevel, tag: string, message: string): void {
    // A log that cannot be written never gets in the stream's way.
    this.log?.android(this.pid, this.pid, [[level, tag, message]]).catch(() => undefined);
  }
}
