import { join } from "node:path";

// Where a virtual device keeps its files: `<dataDir>/instances/<id>/` holds `rootfs/` (the small
// filesystem tree the exec shell is confined to) and `logs/` (boot.log, android.log, system.log).

export function instanceDir(dataDir: string, id: string): string {
  return join(dataDir, "instances", id);
}

export function instanceRootfsDir(dataDir: string, id: string): string {
  return join(instanceDir(dataDir, id), "rootfs");
}

export function instanceLogsDir(dataDir: string, id: string): string {
  return join(instanceDir(dataDir, id), "logs");
}

/** The logs a virtual device writes, as `stored_logs` lists them. */
export const deviceLogNames = ["android.log", "boot.log", "system.log"] as const;
export type DeviceLogName = (typeof deviceLogNames)[number];
