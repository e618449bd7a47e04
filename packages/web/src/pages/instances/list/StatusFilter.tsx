import { instanceStatuses, type InstanceStatus } from "@anbox-dashboard/contract";
import { useId, useState } from "react";

interface Props {
  selected: readonly InstanceStatus[];
  onChange: (statuses: InstanceStatus[]) => void;
}

/**
 * Several statuses at once, as ticks in a drop-down. It closes when the focus leaves it or on
 * Escape; each tick applies at once.
 */
export function StatusFilter({ selected, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const summary = selected.length === 0 ? "Any status" : selected.join(", ");
  return (
    <div className="instances-filters__field instances-filters__field--status">
      <span className="instances-filters__label" id={labelId}>
        Status
      </span>
      <details
        className="instances-filters__status"
        open={open}
        onToggle={(event) => {
          setOpen(event.currentTarget.open);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <summary aria-labelledby={`${labelId} ${valueId}`}>
          <span id={valueId}>{summary}</span>
        </summary>
        <fieldset className="instances-filters__status-options">
          <legend className="u-off-screen">Statuses to list</legend>
          {instanceStatuses.map((status) => (
            <label key={status} className="instances-filters__status-option">
              <input
                type="checkbox"
                checked={selected.includes(status)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  onChange(
                    instanceStatuses.filter((candidate) =>
                      candidate === status ? checked : selected.includes(candidate),
                    ),
                  );
                }}
              />{" "}
              {status}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}
