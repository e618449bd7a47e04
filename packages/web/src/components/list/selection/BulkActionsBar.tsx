import type { Noun } from "../count-noun.ts";
import type { BulkPlan } from "./bulk-plan.ts";
import { ActionButton } from "../../actions/ActionButton.tsx";

/** A bulk action as its button shows it. */
export interface BulkActionButton<Action extends string> {
  action: Action;
  /** "Start". */
  label: string;
  /** "started": "None of the selected instances can be started." */
  participle: string;
}

interface Props<Row, Action extends string> {
  noun: Noun;
  selected: readonly Row[];
  actions: readonly BulkActionButton<Action>[];
  plan: (action: Action, selected: readonly Row[]) => BulkPlan<Row, Action>;
  onAction: (action: Action) => void;
  onClearSelection: () => void;
  /** What a bulk action under way is doing ("Starting 2 instances"), if one is. */
  underWay: string | undefined;
}

/**
 * The actions on the rows ticked on this page. Always shown, so that the table does not jump
 * when the first box is ticked; a button that cannot act says why in its tooltip.
 */
export function BulkActionsBar<Row, Action extends string>({
  noun,
  selected,
  actions,
  plan,
  onAction,
  onClearSelection,
  underWay,
}: Props<Row, Action>) {
  const disabledReason = (action: Action, participle: string): string | undefined => {
    if (underWay !== undefined) return "Wait for the bulk action under way to end.";
    if (selected.length === 0) return `Select ${noun.other} first.`;
    if (plan(action, selected).applicable.length === 0) {
      return `None of the selected ${noun.other} can be ${participle}.`;
    }
    return undefined;
  };
  return (
    <div className="list-bulk" role="group" aria-label="Bulk actions">
      <span className="list-bulk__count" aria-live="polite">
        {selected.length === 0 ? "None selected" : `${String(selected.length)} selected`}
      </span>
      {actions.map(({ action, label, participle }) => {
        const reason = disabledReason(action, participle);
        return (
          <ActionButton
            key={action}
            className="p-button is-dense"
            reason={reason}
            onClick={() => {
              onAction(action);
            }}
          >
            {label}
          </ActionButton>
        );
      })}
      {selected.length > 0 && (
        <button type="button" className="p-button--base is-dense" onClick={onClearSelection}>
          Clear selection
        </button>
      )}
      {underWay !== undefined && (
        <span className="list-bulk__under-way" role="status">
          <i className="p-icon--spinner u-animation--spin" aria-hidden="true" /> {underWay}…
        </span>
      )}
    </div>
  );
}
