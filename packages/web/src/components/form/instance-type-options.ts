import type { ClusterHealth, InstanceType } from "@anbox-dashboard/contract";
import { missingFeature } from "../../util/cluster-features.ts";

/**
 * The choices of an instance type (the instance create form's, an application's) for a cluster:
 * a virtual machine is disabled, with the reason, where the cluster's AMS runs none.
 */
export function instanceTypeOptions(
  clusterId: string,
  health: ClusterHealth | undefined,
): { value: InstanceType; label: string; unavailable?: string }[] {
  const noVm = missingFeature(clusterId, health, "vm");
  return [
    { value: "container", label: "Container" },
    noVm === undefined
      ? { value: "vm", label: "Virtual machine" }
      : { value: "vm", label: "Virtual machine", unavailable: noVm },
  ];
}
