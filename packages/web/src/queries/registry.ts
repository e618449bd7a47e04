import { queryOptions, useMutation, useQuery, type QueryClient } from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import {
  deleteRegistryApplication,
  fetchRegistryApplications,
  pullRegistryApplication,
  pushRegistryApplication,
} from "../api/registry.ts";
import { mutationToasts, untilEnded } from "../context/mutation-meta.ts";
import { endedOperation } from "../context/notifications/ended-operation.ts";
import { showToast } from "../context/query-client.ts";
import { queryKeys } from "../context/query-keys.ts";

// The registry's server data. Its keys sit under the applications root: a pull creates an
// application (an `application-created` event), which refreshes who holds what. A push or a delete
// changes only the registry and announces no lifecycle event, so the registry is read again once
// the operation of any of the three has ended.

/** The registry as one cluster sees it; the first cluster's when `clusterId` is undefined. */
function registryApplicationsQuery(clusterId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.registryApplicationsOf(clusterId),
    queryFn: ({ signal }) => fetchRegistryApplications(clusterId, signal),
  });
}

export function useRegistryApplications(clusterId: string | undefined) {
  return useQuery(registryApplicationsQuery(clusterId));
}

/** What a registry action acts on: the application by id and name, and the cluster asked. */
export type RegistryActionInput =
  // A push or pull makes a copy: sent with the submission's key (useFormSubmission).
  | { action: "push"; clusterId: string; id: string; name: string; idempotencyKey: string }
  | { action: "pull"; clusterId: string; id: string; name: string; idempotencyKey: string }
  | { action: "delete"; clusterId: string; id: string; name: string };

interface ActionWords {
  doing: string;
  done: string;
  failed: string;
}

function describeRegistryAction(input: RegistryActionInput): ActionWords {
  const { name, clusterId } = input;
  switch (input.action) {
    case "push":
      return {
        doing: `Pushing ${name} to the registry`,
        done: `Pushed ${name} to the registry`,
        failed: `Push failed: ${name}`,
      };
    case "pull":
      return {
        doing: `Pulling ${name} into ${clusterId}`,
        done: `Pulled ${name} into ${clusterId}`,
        failed: `Pull failed: ${name} into ${clusterId}`,
      };
    case "delete":
      return {
        doing: `Deleting ${name} from the registry`,
        done: `Deleted ${name} from the registry`,
        failed: `Delete failed: ${name} from the registry`,
      };
  }
}

function runRegistryAction(input: RegistryActionInput): Promise<ClusterOperation> {
  switch (input.action) {
    case "push":
      return pushRegistryApplication(input.clusterId, input.id, input.idempotencyKey);
    case "pull":
      return pullRegistryApplication(input.clusterId, input.id, input.idempotencyKey);
    case "delete":
      return deleteRegistryApplication(input.clusterId, input.id);
  }
}

/**
 * Calls `onEnd` once the operation has ended, successfully or not. The status bar's operations
 * list follows every operation (its events write the status and error into the cache at once,
 * `record-operation.ts`, and a reconnect reads the list again), so that cache is watched rather
 * than the cluster asked again; an operation that ended before the call answered is found there
 * at once.
 */
function whenOperationEnds(
  client: QueryClient,
  started: ClusterOperation,
  onEnd: (ended: ClusterOperation) => void,
): void {
  const already = endedOperation(client, started);
  if (already !== undefined) {
    onEnd(already);
    return;
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated") return;
    const ended = endedOperation(client, started);
    if (ended === undefined) return;
    unsubscribe();
    onEnd(ended);
  });
}

/**
 * Push a cluster's application to the registry, pull one into a cluster, or delete one from the
 * registry. The call answers with the cluster's operation at once (a toast says it started); its
 * refusal is the mutation's error, which the dialog that sent it shows. When the operation ends, a
 * toast says it is done or why it failed, and the registry is read again.
 */
export function useRegistryAction() {
  return useMutation({
    mutationFn: runRegistryAction,
    meta: {
      toasts: mutationToasts<ClusterOperation, RegistryActionInput>({
        // Resolved (gone) when the operation ends; the ending's own toast says how it went.
        success: (operation, input) => ({
          kind: "info",
          title: describeRegistryAction(input).doing,
          operation: untilEnded(operation),
        }),
      }),
      invalidates: [queryKeys.registryApplications()],
    },
    onSuccess: (operation, input, _onMutateResult, { client }) => {
      const words = describeRegistryAction(input);
      whenOperationEnds(client, operation, (ended) => {
        void client.invalidateQueries({ queryKey: queryKeys.registryApplications() });
        if (ended.status === "Success") {
          showToast(client, { kind: "success", title: words.done });
        } else {
          showToast(client, {
            kind: "failure",
            title: words.failed,
            error: ended.err === "" ? "The cluster gave no reason." : ended.err,
          });
        }
      });
    },
  });
}
