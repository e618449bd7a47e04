import type { GatewaySessionStatus } from "@anbox-dashboard/contract";
import type { InstancesTable } from "../store/schema.ts";

export interface SessionState {
  status: GatewaySessionStatus;
  status_message: string;
}

/** Statuses after which a stream of the session must stop. */
export const endedSessionStatuses: readonly GatewaySessionStatus[] = [
  "error",
  "terminating",
  "terminated",
];

/**
 * The state a session takes from its instance (undefined: the instance is gone). The session
 * follows the instance (reference 3.3): `active` while it runs, `error` when it failed,
 * `terminated` when it stopped or was deleted, `terminating` while it is being deleted, and
 * `created` while it boots (again). A stopped instance started again makes its session active again:
 * the session is the instance's stream, and that stream can come back.
 */
export function sessionStateOf(
  instance: Pick<InstancesTable, "status" | "status_message" | "error_message"> | undefined,
): SessionState {
  if (!instance) return { status: "terminated", status_message: "The instance was deleted" };
  switch (instance.status) {
    case "running":
      return { status: "active", status_message: "" };
    case "error":
      return {
        status: "error",
        status_message:
          instance.error_message !== "" ? instance.error_message : "The instance failed",
      };
    case "stopped":
      return { status: "terminated", status_message: "The instance was stopped" };
    case "deleted":
      return { status: "terminating", status_message: "The instance is being deleted" };
    default:
      return { status: "created", status_message: instance.status_message };
  }
}
