import { useMutationState } from "@tanstack/react-query";
import { useMemo } from "react";
import { instanceKey } from "./instance-key.ts";

interface InstanceRef {
  id: string;
  clusterId: string;
}

function isInstanceRef(value: unknown): value is InstanceRef {
  return (
    typeof value === "object" &&
    value !== null &&
    "id" in value &&
    typeof value.id === "string" &&
    "clusterId" in value &&
    typeof value.clusterId === "string"
  );
}

/**
 * The instances a write is under way for, from the mutation cache: a single action's variables
 * name `instance`, a bulk action's `instances`. Read from the cache rather than kept in state, so
 * that an action started on the instance's own page counts too.
 */
function instancesOf(variables: unknown): string[] {
  if (typeof variables !== "object" || variables === null) return [];
  if ("instance" in variables && isInstanceRef(variables.instance)) {
    return [instanceKey(variables.instance)];
  }
  if ("instances" in variables && Array.isArray(variables.instances)) {
    return (variables.instances as unknown[]).filter(isInstanceRef).map(instanceKey);
  }
  return [];
}

/** Keys (`instanceKey`) of the instances with a start, stop or delete under way. */
export function usePendingInstanceKeys(): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { status: "pending" },
    select: (mutation) => instancesOf(mutation.state.variables),
  });
  // The select result is kept equal across unrelated cache changes: memoise on it.
  return useMemo(() => new Set(pending.flat()), [pending]);
}
