import type { Entitlement, InstanceStatus, ResourceName } from "@anbox-dashboard/contract";

/** What a user can do to an instance from the list or its page. */
export type InstanceAction = "start" | "stop" | "delete";

/** The statuses each action applies to (the cluster refuses the others). */
const applicable: Record<InstanceAction, readonly InstanceStatus[]> = {
  // A failed instance may be started again: it is scheduled afresh.
  start: ["stopped", "error"],
  stop: ["created", "prepared", "started", "running"],
  delete: ["created", "prepared", "started", "running", "stopped", "error", "unknown"],
};

/** Statuses in which a device is up: deleting it then needs force. */
export const activeStatuses: readonly InstanceStatus[] = ["prepared", "started", "running"];

/** Statuses SPEC section 4 groups as 'inactive or failing'. */
export const inactiveOrFailingStatuses: readonly InstanceStatus[] = ["error", "stopped", "unknown"];

export function isActionAvailable(action: InstanceAction, status: InstanceStatus): boolean {
  return applicable[action].includes(status);
}

/** Why the action is not offered for an instance in this status (SPEC section 4's words). */
export function unavailableReason(status: string): string {
  return `Not available for '${status}' instances.`;
}

/** Why a streamable instance's Stream link does nothing now. */
export function streamOffReason(status: string): string {
  return `It streams while it runs: this instance is ${status}.`;
}

/** Said on the buttons of an instance while a start, stop or delete of it is under way. */
export const actionUnderWayReason = "An action on this instance is under way.";

/** Whether deleting an instance in this status needs force. */
export function deleteNeedsForce(status: InstanceStatus): boolean {
  return activeStatuses.includes(status);
}

/** The session a streamable instance's `session=<id>` tag names, if it has one. */
export function sessionIdOf(tags: readonly string[]): string | undefined {
  const tag = tags.find((candidate) => candidate.startsWith("session="));
  const id = tag?.slice("session=".length);
  return id === undefined || id === "" ? undefined : id;
}

/** The entitlement each action needs on the instance (start and stop change it). */
export const actionEntitlement: Record<InstanceAction, Entitlement> = {
  start: "can_edit",
  stop: "can_edit",
  delete: "can_delete",
};

/** An instance as access names it: `instance:<cluster>/<id>`. */
export function instanceResource(instance: { clusterId: string; id: string }): ResourceName {
  return `instance:${instance.clusterId}/${instance.id}`;
}
