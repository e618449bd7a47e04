import { validateInstanceName } from "@anbox-dashboard/contract";
import { useNameCheck, type NameCheck } from "../../../components/form/use-name-check.ts";
import { instanceNameTakenQuery } from "../../../queries/instances.ts";

/**
 * Looks the instance's name up in the cluster once typing pauses, and again when the cluster
 * changes (`useNameCheck`); nothing to check without a name (the cluster picks one) or with a
 * name that breaks a rule.
 */
export function useInstanceNameCheck(clusterId: string, name: string): NameCheck {
  const checkable = clusterId !== "" && name !== "" && validateInstanceName(name) === undefined;
  return useNameCheck(instanceNameTakenQuery(clusterId, name), checkable);
}
