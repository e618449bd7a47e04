import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { deleteInstance, patchInstance, type ClusterInstance } from "../../../api/instances.ts";
import { registerOperationFailureHandler } from "../../../context/events/operation-failure-handlers.ts";
import { useToast } from "../../../context/notifications/use-toast.ts";
import { queryKeys } from "../../../context/query-keys.ts";

interface ActionInput {
  instance: Pick<ClusterInstance, "id" | "name" | "clusterId">;
  action: "start" | "stop" | "delete";
  force?: boolean;
}

const actionWords = {
  start: { doing: "Starting", failed: "Start failed" },
  stop: { doing: "Stopping", failed: "Stop failed" },
  delete: { doing: "Deleting", failed: "Delete failed" },
} as const;

/**
 * Start, stop or delete one instance. The call answers with the cluster's operation at once; if
 * the operation later fails, the events' failure handler shows its error in a toast. A refusal of
 * the call itself (protected, wrong status) is shown at once.
 */
export function useInstanceAction() {
  const queryClient = useQueryClient();
  const notify = useToast();
  return useMutation({
    mutationFn: ({ instance, action, force }: ActionInput): Promise<ClusterOperation> => {
      if (action === "delete") return deleteInstance(instance.clusterId, instance.id, force);
      return patchInstance(
        instance.clusterId,
        instance.id,
        action === "start" ? "running" : "stopped",
      );
    },
    onSuccess: (operation, { instance, action }) => {
      registerOperationFailureHandler(operation.id, (err) => {
        notify.failure(
          `${actionWords[action].failed}: ${instance.name}`,
          err === "" ? "The cluster gave no reason." : err,
        );
      });
      notify.info(`${actionWords[action].doing} ${instance.name}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.instances() });
    },
    onError: (error, { instance, action }) => {
      notify.failure(`${actionWords[action].failed}: ${instance.name}`, error);
    },
  });
}
