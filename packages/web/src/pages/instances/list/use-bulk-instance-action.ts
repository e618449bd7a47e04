import type { InstanceBulkBody } from "@anbox-dashboard/contract";
import { useBulkUpdateInstances } from "../../../queries/instances.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import type { BulkPlan } from "./bulk-plan.ts";
import { summarizeBulkResults } from "./bulk-summary.ts";
import { summaryToast } from "../../../components/list/selection/bulk-summary.ts";

export interface BulkActionInput {
  plan: BulkPlan;
  /** The instances sent (those of the plan that apply): named here for the pending rows. */
  instances: { id: string; clusterId: string }[];
  force: boolean;
}

const desiredStatus: Record<InstanceAction, InstanceBulkBody["desired_status"]> = {
  start: "running",
  stop: "stopped",
  delete: "deleted",
};

/** Builds the variables of a bulk action from its plan. */
export function bulkActionInput(plan: BulkPlan, force: boolean): BulkActionInput {
  return {
    plan,
    instances: plan.applicable.map(({ id, clusterId }) => ({ id, clusterId })),
    force,
  };
}

/**
 * Start, stop or delete many instances in one call. The server answers once the clusters are done,
 * with one result per instance: one toast sums them up, with the instances the plan left out.
 */
export function useBulkInstanceAction() {
  return useBulkUpdateInstances<BulkActionInput>({
    request: ({ plan, instances, force }) => ({
      desired_status: desiredStatus[plan.action],
      instances,
      ...(plan.action === "delete" ? { force } : {}),
    }),
    toasts: {
      success: (results, { plan }) =>
        summaryToast(summarizeBulkResults(plan.action, results, plan.leftOut)),
      failure: ({ plan, instances }) => {
        const count = instances.length === 1 ? "1 instance" : `${instances.length} instances`;
        return `Could not ${plan.action} ${count}`;
      },
    },
  });
}
