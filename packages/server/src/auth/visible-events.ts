import type { AmsOperation } from "@anbox-dashboard/contract";
import { isConfigPath, resourceOfPath } from "../ams/resource-paths.ts";
import type { Access } from "./access.ts";
import { mayViewOperation, operationAsSeenBy } from "./visible-operations.ts";

/**
 * One frame of a cluster's events socket as the user sees it: the frame itself for who views the
 * whole cluster; for who views only some of it, the events about what they may view (an operation
 * naming only those resources, a lifecycle event of one of them, the configuration's changes for
 * who may view it), and nothing else: not the cluster's logging, not an event this version cannot
 * read. Undefined when the user may not see it.
 */
export function eventAsSeenBy(
  access: Access,
  clusterId: string,
  frame: string,
): string | undefined {
  if (access.allows("can_view", `cluster:${clusterId}`)) return frame;
  const event = parsed(frame);
  if (event === undefined) return undefined;
  const { metadata } = event;
  if (event.type === "operation" && isOperation(metadata)) {
    if (!mayViewOperation(access, clusterId, metadata)) return undefined;
    return JSON.stringify({ ...event, metadata: operationAsSeenBy(access, clusterId, metadata) });
  }
  if (event.type === "lifecycle" && typeof metadata.source === "string") {
    if (isConfigPath(metadata.source)) {
      return access.allows("can_view_config", `cluster:${clusterId}`) ? frame : undefined;
    }
    const resource = resourceOfPath(clusterId, metadata.source);
    return resource !== undefined && access.allows("can_view", resource) ? frame : undefined;
  }
  return undefined;
}

function parsed(frame: string): { type: unknown; metadata: Record<string, unknown> } | undefined {
  let event: unknown;
  try {
    event = JSON.parse(frame);
  } catch {
    return undefined;
  }
  if (typeof event !== "object" || event === null || !("metadata" in event)) return undefined;
  const { metadata } = event;
  if (typeof metadata !== "object" || metadata === null) return undefined;
  return {
    type: (event as { type?: unknown }).type,
    metadata: metadata as Record<string, unknown>,
  };
}

/** Whether an event's metadata is an operation with the resources it names (lists of paths). */
function isOperation(
  metadata: Record<string, unknown>,
): metadata is Record<string, unknown> & AmsOperation {
  const { resources } = metadata;
  if (typeof resources !== "object" || resources === null) return false;
  return Object.values(resources).every(
    (paths) => Array.isArray(paths) && paths.every((path) => typeof path === "string"),
  );
}
