import type { ClusterInstance } from "../../../api/instances.ts";
import {
  actionEntitlement,
  actionUnderWayReason,
  instanceResource,
  isActionAvailable,
  unavailableReason,
  type InstanceAction,
} from "../shared/instance-actions.ts";
import { useMay } from "../../../permissions/use-may.ts";
import { ActionButton } from "../../../components/actions/ActionButton.tsx";

const labels: Record<InstanceAction, string> = { start: "Start", stop: "Stop", delete: "Delete" };
const actions: readonly InstanceAction[] = ["start", "stop", "delete"];

interface Props {
  instance: ClusterInstance;
  /** A write on this instance is under way. */
  busy: boolean;
  onAction: (instance: ClusterInstance, action: InstanceAction) => void;
}

/**
 * Start, stop and delete for one row. An action the user may not take, or that does not apply to
 * the status, is disabled with the reason in its tooltip rather than hidden, so that the buttons
 * stay where they are.
 * Disabled with `aria-disabled`, not `disabled`: the button a keyboard user just pressed becomes
 * unavailable (its action is under way, then the status changes), and a `disabled` button drops
 * the focus to the page's body; an `aria-disabled` one keeps it, and says why it does nothing.
 */
export function InstanceRowActions({ instance, busy, onAction }: Props) {
  const { may } = useMay();
  return (
    <div className="instances-list__row-actions">
      {actions.map((action) => {
        const available = isActionAvailable(action, instance.status);
        const reason =
          may(actionEntitlement[action], instanceResource(instance)) ??
          (!available
            ? unavailableReason(instance.status)
            : busy
              ? actionUnderWayReason
              : undefined);
        return (
          <ActionButton
            key={action}
            className="p-button is-dense"
            label={`${labels[action]} ${instance.name}`}
            reason={reason}
            onClick={() => {
              onAction(instance, action);
            }}
          >
            {labels[action]}
          </ActionButton>
        );
      })}
    </div>
  );
}
