import type { CSSProperties } from "react";
import { formatAllocation, type NodeResource } from "./node-capacity.ts";

interface Props {
  resource: NodeResource;
  /** Say the resource's name before the figures (the panel; the table's header says it). */
  showLabel?: boolean;
}

/** Past this share of its capacity a resource is drawn as nearly full. */
const nearlyFullShare = 0.85;

/**
 * How much of a resource is allocated: the figures as text ("2 / 8", what a screen reader reads,
 * with the share), and a bar drawing the share under them, decorative (its CSS draws it from
 * `--allocation-share`: no element of its own, as the nodes table shows three a row, 90 a page).
 * A node with none of the resource says so instead of drawing an empty bar.
 */
export function AllocationBar({ resource, showLabel = false }: Props) {
  const label = showLabel ? `${resource.label}: ` : "";
  if (resource.capacity <= 0) {
    return (
      <span className="allocation-bar allocation-bar--none">
        {label}
        {resource.allocated > 0 ? formatAllocation(resource) : "None"}
      </span>
    );
  }
  const share = resource.allocated / resource.capacity;
  const percent = Math.round(share * 100);
  const state = share >= 1 ? "full" : share >= nearlyFullShare ? "high" : "normal";
  const drawn = Math.min(100, Math.max(0, share * 100));
  return (
    <span
      className={`allocation-bar allocation-bar--${state}`}
      style={{ "--allocation-share": `${String(drawn)}%` } as CSSProperties}
    >
      {label}
      {formatAllocation(resource)}
      {/* A no-break space: "104 %" never splits over two lines. */}
      <span className="allocation-bar__percent">
        {` (${String(percent)}\u00a0%${state === "full" ? ", full" : ""})`}
      </span>
    </span>
  );
}
