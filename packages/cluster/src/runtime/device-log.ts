import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { DeviceLogName } from "./instance-paths.ts";

export type LogcatLevel = "V" | "D" | "I" | "W" | "E" | "F";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const two = (value: number): string => String(value).padStart(2, "0");

/** `MM-DD HH:MM:SS.mmm`, the time column of `logcat -v threadtime` (UTC, so logs compare across hosts). */
export function logcatTime(date: Date): string {
  return (
    `${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.` +
    String(date.getUTCMilliseconds()).padStart(3, "0")
  );
}

/** `MM-DD HH:MM:SS.mmm  PID  TID L Tag: message`, as `logcat -v threadtime` prints. */
export function formatLogcatLine(
  date: Date,
  pid: number,
  tid: number,
  level: LogcatLevel,
  tag: string,
  message: string,
): string {
  return `${logcatTime(date)} ${String(pid).padStart(5)} ${String(tid).padStart(5)} ${level} ${tag}: ${message}`;
}

/** `Mon DD HH:MM:SS host unit[pid]: message`, as `journalctl` prints in its short format. */
export function formatJournalLine(
  date: Date,
  host: string,
  unit: string,
  pid: number,
  message: string,
): string {
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${months[date.getUTCMonth()] ?? "Jan"} ${two(date.getUTCDate())} ${time} ${host} ${unit}[${pid}]: ${message}`;
}

/** `<RFC 3339 time> <message>`, one line per boot step. */
export function formatBootLine(date: Date, message: string): string {
  return `${date.toISOString()} ${message}`;
}

/**
 * Appends lines to one virtual device's log files. Appends are queued so the lines of concurrent
 * writers never interleave within a line and keep their order.
 */
export class DeviceLog {
  private readonly dir: string;
  private readonly host: string;
  private queue: Promise<void> = Promise.resolve();

  constructor(logsDir: string, host: string) {
    this.dir = logsDir;
    this.host = host;
  }

  boot(message: string): Promise<void> {
    return this.append("boot.log", [formatBootLine(new Date(), message)]);
  }

  /** Logcat lines from one process (pid) of the device. */
  android(
    pid: number,
    tid: number,
    entries: readonly (readonly [LogcatLevel, string, string])[],
  ): Promise<void> {
    const now = new Date();
    return this.append(
      "android.log",
      entries.map(([level, tag, message]) => formatLogcatLine(now, pid, tid, level, tag, message)),
    );
  }

  system(unit: string, pid: number, messages: readonly string[]): Promise<void> {
    const now = new Date();
    return this.append(
      "system.log",
      messages.map((message) => formatJournalLine(now, this.host, unit, pid, message)),
    );
  }

  private append(name: DeviceLogName, lines: readonly string[]): Promise<void> {
    const text = lines.map((line) => `${line}\n`).join("");
    const next = this.queue.then(async () => {
      await mkdir(this.dir, { recursive: true });
      await appendFile(join(this.dir, name), text);
    });
    // A failed append must not block later ones; the caller still sees its own failure.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
