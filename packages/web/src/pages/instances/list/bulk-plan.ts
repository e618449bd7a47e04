import type { ClusterInstance } from "../../../api/instances.ts";
import {
  isActionAvailable,
  unavailableReason,
  type InstanceAction,
} from "../shared/instance-actions.ts";
import { instanceKey } from "./instance-key.ts";

/** An instance a bulk action leaves out, and why. */
export interface LeftOutInstance {
  /** `instanceKey`: names are unique per cluster only. */
  key: string;
  name: string;
  reason: string;
}

/** What a bulk action will do: the instances it applies to and those it leaves out. */
export interface BulkPlan {
  action: InstanceAction;
  applicable: ClusterInstance[];
  leftOut: LeftOutInstance[];
}

/** Splits the selection by whether the action applies to each instance's current status. */
export function planBulkAction(
  action: InstanceAction,
  selected: readonly ClusterInstance[],
): BulkPlan {
  const applicable: ClusterInstance[] = [];
  const leftOut: LeftOutInstance[] = [];
  for (const instance of selected) {
    if (isActionAvailable(action, instance.status)) applicable.push(instance);
    else {
      leftOut.push({
        key: instanceKey(instance),
        name: instance.name,
        reason: unavailableReason(instance.status),
      });
    }
  }
  return { action, applicable, leftOut };
}
