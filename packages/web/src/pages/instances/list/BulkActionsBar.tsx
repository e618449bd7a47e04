import type { ClusterInstance } from "../../../api/instances.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import { planBulkAction } from "./bulk-plan.ts";

interface Props {
  selected: readonly ClusterInstance[];
  onAction: (action: InstanceAction) => void;
  onClearSelection: () => void;
  /** What a bulk action under way is doing ("Starting 2 instances"), if one is. */
  underWay: string | undefined;
}

const actions: { action: InstanceAction; label: string; participle: string }[] = [
  { action: "start", label: "Start", participle: "started" },
  { action: "stop", label: "Stop", participle: "stopped" },
  { action: "delete", label: "Delete", participle: "deleted" },
];

/** Why a bulk button is disabled, or undefined when it is not. */
function disabledReason(
  selected: readonly ClusterInstance[],
  action: InstanceAction,
  participle: string,
  underWay: string | undefined,
): string | undefined {
  if (underWay !== undefined) return "Wait for the bulk action under way to end.";
  if (selected.length === 0) return "Select instances first.";
  if (planBulkAction(action, selected).applicable.length === 0) {
    return `None of the selected instances can be ${participle}.`;
  }
  return undefined;
}

/**
 * Start, stop or delete the instances ticked on this page. Always shown, so the table does not
 * jump when the first box is ticked; the buttons say why they are disabled.
 */
export function BulkActionsBar({ selected, onAction, onClearSelection, underWay }: Props) {
  return (
    <div className="instances-bulk" role="group" aria-label="Bulk actions">
      <span className="instances-bulk__count" aria-live="polite">
        {selected.length === 0 ? "None selected" : `${selected.length} selected`}
      </span>
      {actions.map(({ action, label, participle }) => {
        const reason = disabledReason(selected, action, participle, underWay);
        return (
          <button
            key={action}
            type="button"
            className="p-button is-dense"
            disabled={reason !== undefined}
            title={reason}
            onClick={() => {
              onAction(action);
            }}
          >
            {label}
          </button>
        );
      })}
      {selected.length > 0 && (
        <button type="button" className="p-button--base is-dense" onClick={onClearSelection}>
          Clear selection
        </button>
      )}
      {underWay !== undefined && (
        <span className="instances-bulk__under-way" role="status">
          <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> {underWay}…
        </span>
      )}
    </div>
  );
}
