import { useMutation, type QueryKey } from "@tanstack/react-query";
import type { ClusterOperation } from "@anbox-dashboard/contract";
import { registerOperationFailureHandler } from "../context/events/operation-failure-handlers.ts";
import { mutationToasts, untilEnded } from "../context/mutation-meta.ts";
import { showToast } from "../context/query-client.ts";

/** What the toasts of a write that starts a cluster operation say. */
export interface OperationWords {
  /** "Stopping web-1": while the operation runs. */
  doing: string;
  /** "Stopped web-1": once it succeeded. */
  done: string;
  /** "Stop failed: web-1": when the operation fails. */
  failed: string;
}

interface Options<Input> {
  run: (input: Input) => Promise<ClusterOperation>;
  words: (input: Input) => OperationWords;
  /**
   * The toast's title when the call itself is refused ("Cannot remove node n1"); none without it:
   * the dialog or form that sent it shows the refusal in its own words.
   */
  refused?: (input: Input) => string;
  /** Query key prefixes the write changes (`DashboardMutationMeta.invalidates`). */
  invalidates: readonly QueryKey[];
  /** After the operation started (the page moves on to what was created). */
  onStarted?: (operation: ClusterOperation, input: Input) => Promise<void> | void;
}

/**
 * A write that answers with a cluster operation at once: a toast says it is under way and, once
 * the operation ends, that it is done; the events' failure handler says why when it fails later.
 */
export function useOperationMutation<Input>({
  run,
  words,
  refused,
  invalidates,
  onStarted,
}: Options<Input>) {
  return useMutation({
    mutationFn: run,
    meta: {
      toasts: mutationToasts<ClusterOperation, Input>({
        success: (operation, input) => {
          const said = words(input);
          return { kind: "info", title: said.doing, operation: untilEnded(operation, said.done) };
        },
        failure: refused,
      }),
      invalidates,
    },
    onSuccess: async (operation, input, _onMutateResult, { client }) => {
      const { failed } = words(input);
      registerOperationFailureHandler(operation.id, (err) => {
        showToast(client, {
          kind: "failure",
          title: failed,
          error: err === "" ? "The cluster gave no reason." : err,
        });
      });
      await onStarted?.(operation, input);
    },
  });
}
