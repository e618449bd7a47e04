import type { OperationStatus as Status } from "@anbox-dashboard/contract";

const labelClass: Partial<Record<Status, string>> = {
  Running: "p-status-label--information",
  Success: "p-status-label--positive",
  Failure: "p-status-label--negative",
  Cancelled: "p-status-label--caution",
};

/** An operation's status as a Vanilla status label, coloured by outcome. */
export function OperationStatus({ status }: { status: Status }) {
  return <span className={labelClass[status] ?? "p-status-label"}>{status}</span>;
}
