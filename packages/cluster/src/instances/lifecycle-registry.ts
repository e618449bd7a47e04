import type { ClusterContext } from "../context.ts";
import { InstanceLifecycle } from "./lifecycle.ts";

// One lifecycle per cluster process. Kept beside the context rather than in it, so that modules
// which need it (routes, exec) can reach it without the context knowing about instances.
const lifecycles = new WeakMap<ClusterContext, InstanceLifecycle>();

export function instanceLifecycleOf(context: ClusterContext): InstanceLifecycle {
  let lifecycle = lifecycles.get(context);
  if (!lifecycle) {
    lifecycle = new InstanceLifecycle(context);
    lifecycles.set(context, lifecycle);
  }
  return lifecycle;
}
