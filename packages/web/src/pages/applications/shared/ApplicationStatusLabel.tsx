/**
 * An application's (or version's) status as a Vanilla status label: ready or active positive,
 * error negative, initializing information, deleted or unknown neutral.
 */
export function ApplicationStatusLabel({ status }: { status: string }) {
  let className = "p-status-label--information";
  if (status === "ready" || status === "active") className = "p-status-label--positive";
  else if (status === "error") className = "p-status-label--negative";
  else if (status === "deleted" || status === "unknown") className = "p-status-label";
  return (
    <span className={className} data-status={status}>
      {status}
    </span>
  );
}
