// The instances' statuses, types and sort keys as plain values, in a module of their own without
// schemas: the browser's first script (web early-requests.ts) reads them without loading zod.

export const instanceStatuses = [
  "error",
  "unknown",
  "created",
  "prepared",
  "started",
  "running",
  "stopped",
  "deleted",
] as const;
export type InstanceStatus = (typeof instanceStatuses)[number];

export const instanceTypes = ["container", "vm"] as const;
export type InstanceType = (typeof instanceTypes)[number];

/** Sort keys of `GET /1.0/instances?order_by=` (an extension of this cluster). */
export const instanceOrderKeys = [
  "name",
  "status",
  "created_at",
  "node",
  "app_name",
  "type",
] as const;
export type InstanceOrderKey = (typeof instanceOrderKeys)[number];
