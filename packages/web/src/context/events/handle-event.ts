import type { QueryClient } from "@tanstack/react-query";
import type { AmsEvent } from "@anbox-dashboard/contract";
import { lifecycleRoot } from "./lifecycle-roots.ts";
import { notifyOperationFailure } from "./operation-failure-handlers.ts";

export interface EventHandlingDeps {
  queryClient: QueryClient;
  /** Refreshes the operations lists (throttled by the caller). */
  refreshOperations: () => void;
}

/** What one event changes in the dashboard: the cached data it touches, and failure handlers. */
export function handleEvent(event: AmsEvent, deps: EventHandlingDeps): void {
  switch (event.type) {
    case "operation":
      if (event.metadata.status === "Failure") {
        notifyOperationFailure(event.metadata.id, event.metadata.err);
      }
      deps.refreshOperations();
      return;
    case "lifecycle": {
      const root = lifecycleRoot(event.metadata.action);
      // By prefix: every list and detail query of that group.
      if (root) void deps.queryClient.invalidateQueries({ queryKey: [root] });
      return;
    }
    case "logging":
      return;
  }
}
