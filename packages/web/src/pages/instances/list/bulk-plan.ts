import type { ClusterInstance } from "../../../api/instances.ts";
import {
  planBulkAction as planForRules,
  type BulkPlan as Plan,
  type BulkRules,
} from "../../../components/list/selection/bulk-plan.ts";
import {
  isActionAvailable,
  unavailableReason,
  type InstanceAction,
} from "../shared/instance-actions.ts";
import { instanceKey } from "./instance-key.ts";

/** What a bulk action on instances will do: those it applies to, those it leaves out and why. */
export type BulkPlan = Plan<ClusterInstance, InstanceAction>;

/** Why the user may not take an action on an instance (their permissions), if they may not. */
export type InstanceRefusal = (
  action: InstanceAction,
  instance: ClusterInstance,
) => string | undefined;

/**
 * An action applies to an instance the user may take it on (`refused`), by its current status.
 * Names are unique per cluster only: instances are told apart by cluster and id.
 */
function instanceRules(refused: InstanceRefusal): BulkRules<ClusterInstance, InstanceAction> {
  return {
    key: instanceKey,
    name: (instance) => instance.name,
    whyNot: (action, instance) =>
      refused(action, instance) ??
      (isActionAvailable(action, instance.status) ? undefined : unavailableReason(instance.status)),
  };
}

/**
 * Splits the selection by whether the action applies to each instance: one the user may not act
 * on, or whose status it does not apply to, is left out with the reason.
 */
export function planBulkAction(
  action: InstanceAction,
  selected: readonly ClusterInstance[],
  refused: InstanceRefusal = () => undefined,
): BulkPlan {
  return planForRules(instanceRules(refused), action, selected);
}
