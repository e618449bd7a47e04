/**
 * A resource's status as a Vanilla status label: the `positive` ones (ready, active) positive,
 * error negative, deleted or unknown neutral, the others (initializing, ...) information.
 */
export function StatusLabel({ status, positive }: { status: string; positive: readonly string[] }) {
  let className = "p-status-label--information";
  if (positive.includes(status)) className = "p-status-label--positive";
  else if (status === "error") className = "p-status-label--negative";
  else if (status === "deleted" || status === "unknown") className = "p-status-label";
  return (
    <span className={className} data-status={status}>
      {status}
    </span>
  );
}
