import type { AmsOperation } from "./operation.ts";

export const amsEventTypes = ["operation", "lifecycle", "logging"] as const;
export type AmsEventType = (typeof amsEventTypes)[number];

export const lifecycleActions = [
  "instance-created",
  "instance-scheduled",
  "instance-started",
  "instance-running",
  "instance-stopped",
  "instance-removed",
  "instance-failed",
  "instance-updated",
  "application-created",
  "application-updated",
  "application-deleted",
  "image-created",
  "image-updated",
  "image-deleted",
  "node-created",
  "node-updated",
  "node-deleted",
  "config-updated",
] as const;
export type LifecycleAction = (typeof lifecycleActions)[number];

/** `lifecycle` event metadata: what happened, to which resource (its URL). */
export interface LifecycleEventMetadata {
  action: LifecycleAction;
  source: string;
  /** Extra facts about the change, e.g. the instance's new status. */
  context?: Record<string, unknown>;
}

export interface LoggingEventMetadata {
  level: "debug" | "info" | "warning" | "error";
  message: string;
  context?: Record<string, string>;
}

/** A frame of the events websocket (`GET /1.0/events`). */
export type AmsEvent =
  | { type: "operation"; timestamp: string; metadata: AmsOperation }
  | { type: "lifecycle"; timestamp: string; metadata: LifecycleEventMetadata }
  | { type: "logging"; timestamp: string; metadata: LoggingEventMetadata };
