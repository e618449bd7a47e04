import type { ResourceRequest } from "@anbox-dashboard/contract";
import type { InstanceCapacityRequest } from "../../api/instances.ts";

/**
 * What a form asks the cluster's capacity check about: the resources its instances will get
 * (`resourceRequestFor`, as the create request sends them), and the application they are made
 * from, if one is chosen already, whose node tags the cluster's scheduler requires.
 */
export function capacityRequestOf(
  resources: ResourceRequest,
  applicationId = "",
): InstanceCapacityRequest {
  return {
    cpus: resources.cpus,
    memory: resources.memory,
    disk_size: resources.disk_size,
    gpu_slots: resources["gpu-slots"],
    vpu_slots: resources["vpu-slots"],
    ...(applicationId === "" ? {} : { app_id: applicationId }),
  };
}
