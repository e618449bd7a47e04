import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InstanceBulkBody } from "@anbox-dashboard/contract";
import { bulkUpdateInstances } from "../../../api/instances.ts";
import { useToast } from "../../../context/notifications/use-toast.ts";
import { queryKeys } from "../../../context/query-keys.ts";
import type { InstanceAction } from "../shared/instance-actions.ts";
import type { BulkPlan } from "./bulk-plan.ts";
import { summarizeBulkResults } from "./bulk-summary.ts";

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
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: ({ plan, instances, force }: BulkActionInput) =>
      bulkUpdateInstances({
        desired_status: desiredStatus[plan.action],
        instances,
        ...(plan.action === "delete" ? { force } : {}),
      }),
    onSuccess: (results, { plan }) => {
      const summary = summarizeBulkResults(plan.action, results, plan.leftOut);
      if (summary.severity === "success") {
        notify.success(summary.title, summary.message === "" ? undefined : summary.message);
      } else {
        notify.failure(summary.title, summary.message);
      }
    },
    onError: (error, { plan, instances }) => {
      const count = instances.length === 1 ? "1 instance" : `${instances.length} instances`;
      notify.failure(`Could not ${plan.action} ${count}`, error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.instances() }),
  });
}
