import type { ClusterOptions } from "./options.ts";
import type { ClusterDatabase } from "./store/database.ts";
import type { EventHub } from "./events/event-hub.ts";
import type { OperationManager } from "./operations/operation-manager.ts";

/** What every part of the control plane works with. One per cluster process. */
export interface ClusterContext {
  options: ClusterOptions;
  db: ClusterDatabase;
  events: EventHub;
  operations: OperationManager;
}
