import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { AmsEvent } from "@anbox-dashboard/contract";
import { queryKeys } from "../query-keys.ts";
import { lifecycleRoot, lifecycleRoots } from "./lifecycle-roots.ts";
import { notifyOperationFailure } from "./operation-failure-handlers.ts";
import { recordOperation } from "./record-operation.ts";

export interface EventHandlingDeps {
  queryClient: QueryClient;
  /** The cluster whose socket sent the event. */
  clusterId: string;
  /** Refreshes the operations lists (throttled by the caller). */
  refreshOperations: () => void;
  /** Invalidates a query group (coalesced by the caller: coalesced-invalidation.ts). */
  invalidate: (queryKey: QueryKey) => void;
}

/** What one event changes in the dashboard: the cached data it touches, and failure handlers. */
export function handleEvent(event: AmsEvent, deps: EventHandlingDeps): void {
  switch (event.type) {
    case "operation":
      if (event.metadata.status === "Failure") {
        notifyOperationFailure(event.metadata.id, event.metadata.err);
      }
      recordOperation(deps.queryClient, deps.clusterId, event.metadata);
      deps.refreshOperations();
      return;
    case "lifecycle": {
      const root = lifecycleRoot(event.metadata.action);
      // By prefix: every list and detail query of that group.
      if (root) deps.invalidate([root]);
      // Whether a new instance fits is decided by the nodes too, not only by the instances; and
      // what a node holds moves with its instances.
      if (root === "nodes") deps.invalidate(queryKeys.instanceCapacities());
      if (root === "instances") deps.invalidate(queryKeys.nodes());
      // An image's "used by" lists the applications built on it.
      if (root === "applications") deps.invalidate(queryKeys.images());
      return;
    }
    case "logging":
      return;
  }
}

/**
 * An events socket (re)opened: whatever changed while it was closed, or before it first opened,
 * sent no event the dashboard heard. The operations lists and every group the events keep fresh
 * are fetched again (only the queries in use refetch; the others are marked stale).
 */
export function refreshAfterConnect(
  deps: Pick<EventHandlingDeps, "refreshOperations" | "invalidate">,
): void {
  deps.refreshOperations();
  for (const root of lifecycleRoots) deps.invalidate([root]);
}
