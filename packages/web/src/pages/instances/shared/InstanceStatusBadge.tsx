import type { InstanceStatus } from "@anbox-dashboard/contract";
import { inactiveOrFailingStatuses } from "./instance-actions.ts";

const transitional: readonly InstanceStatus[] = ["created", "prepared", "started", "deleted"];

/**
 * An instance's status as a Vanilla status label: running is live (positive), the 'inactive or
 * failing' group (error, stopped, unknown) is negative or neutral, moves under way are information.
 */
export function InstanceStatusBadge({ status }: { status: InstanceStatus }) {
  let className = "p-status-label";
  if (status === "running") className = "p-status-label--positive";
  else if (status === "error") className = "p-status-label--negative";
  else if (inactiveOrFailingStatuses.includes(status)) className = "p-status-label--caution";
  else if (transitional.includes(status)) className = "p-status-label--information";
  return (
    <span className={className} data-status={status}>
      {status}
    </span>
  );
}
