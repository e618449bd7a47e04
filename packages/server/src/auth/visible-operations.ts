import type { AmsOperation } from "@anbox-dashboard/contract";
import { resourceOfPath } from "../ams/resource-paths.ts";
import type { Access } from "./access.ts";

/** Whether `path` (an AMS resource URL) names something in `clusterId` the user may view. */
function mayViewPath(access: Access, clusterId: string, path: string): boolean {
  const resource = resourceOfPath(clusterId, path);
  return resource !== undefined && access.allows("can_view", resource);
}

/**
 * Whether an operation of `clusterId` is about something the user may view: anything of a cluster
 * they view whole, else one of the resources it names (as Anbox shows operations).
 */
export function mayViewOperation(
  access: Access,
  clusterId: string,
  operation: AmsOperation,
): boolean {
  if (access.allows("can_view", `cluster:${clusterId}`)) return true;
  return Object.values(operation.resources).some((paths) =>
    paths.some((path) => mayViewPath(access, clusterId, path)),
  );
}

/**
 * An operation as a user who may not view its whole cluster sees it: naming only the resources
 * they may view (an instance made from an application they may not see keeps that one unnamed).
 */
export function operationAsSeenBy<Operation extends AmsOperation>(
  access: Access,
  clusterId: string,
  operation: Operation,
): Operation {
  if (access.allows("can_view", `cluster:${clusterId}`)) return operation;
  const resources: Record<string, string[]> = {};
  for (const [kind, paths] of Object.entries(operation.resources)) {
    resources[kind] = paths.filter((path) => mayViewPath(access, clusterId, path));
  }
  return { ...operation, resources };
}
