import { validateInstanceName } from "@anbox-dashboard/contract";
import { useInstanceNameTaken } from "../../../queries/instances.ts";

/** Where the live check of a name stands (SPEC section 5: "Must not already exist"). */
export type InstanceNameCheck =
  /** Nothing to check: no name (the cluster picks one), or a name that breaks a rule anyway. */
  | { state: "none" }
  | { state: "checking" }
  | { state: "free" }
  | { state: "taken" }
  /** The check itself failed (not a 404): the cluster will still refuse a taken name. */
  | { state: "failed"; message: string };

/**
 * Looks the name up in the cluster once typing pauses, and again when the cluster changes: a
 * query per name and cluster (`instanceNameTakenQuery`) whose key does the debounce, the abort and
 * the cache, so that an earlier check can never answer for a later name.
 */
export function useInstanceNameCheck(clusterId: string, name: string): InstanceNameCheck {
  const checkable = clusterId !== "" && name !== "" && validateInstanceName(name) === undefined;
  const check = useInstanceNameTaken(clusterId, name, checkable);
  if (!checkable) return { state: "none" };
  if (check.isPending) return { state: "checking" };
  if (check.isError) return { state: "failed", message: check.error.message };
  return { state: check.data ? "taken" : "free" };
}
