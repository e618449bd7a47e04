import type { GatewaySessionStatus } from "@anbox-dashboard/contract";

/** Why a session cannot be streamed now, in its status's words; undefined when it can (active). */
export function notStreamableReason(status: GatewaySessionStatus): string | undefined {
  switch (status) {
    case "active":
      return undefined;
    case "created":
      return "The instance is starting: the stream opens as soon as it is running.";
    case "error":
      return "The instance failed: see its logs on the instance page.";
    case "terminating":
    case "terminated":
      return "This session has ended: its instance was stopped or deleted.";
  }
}
