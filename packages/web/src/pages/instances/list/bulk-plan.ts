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

/** An action applies to an instance by its current status. */
const instanceRules: BulkRules<ClusterInstance, InstanceAction> = {
  // Names are unique per cluster only.
  key: instanceKey,
  name: (instance) => instance.name,
  whyNot: (action, instance) =>
    isActionAvailable(action, instance.status) ? undefined : unavailableReason(instance.status),
};

/** Splits the selection by whether the action applies to each instance's current status. */
export function planBulkAction(
  action: InstanceAction,
  selected: readonly ClusterInstance[],
): BulkPlan {
  return planForRules(instanceRules, action, selected);
}
