/** An image's (or version's) status as a Vanilla status label: active positive, error negative. */
export function ImageStatusLabel({ status }: { status: string }) {
  let className = "p-status-label--information";
  if (status === "active") className = "p-status-label--positive";
  else if (status === "error") className = "p-status-label--negative";
  else if (status === "deleted" || status === "unknown") className = "p-status-label";
  return (
    <span className={className} data-status={status}>
      {status}
    </span>
  );
}
