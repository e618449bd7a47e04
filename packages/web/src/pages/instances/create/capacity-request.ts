import type { ResourceRequest } from "@anbox-dashboard/contract";
import type { InstanceCapacityRequest } from "../../../api/instances.ts";
import type { InstanceCreateFormValues } from "./create-form-values.ts";

/**
 * What the form asks the cluster's capacity check about: the resources the create request will
 * carry (`resourceRequestFor`, as `buildCreateRequest` sends them), and the chosen application,
 * whose node tags the cluster's scheduler requires.
 */
export function capacityRequestOf(
  resources: ResourceRequest,
  values: InstanceCreateFormValues,
): InstanceCapacityRequest {
  const application =
    values.sourceType === "application" && values.applicationId !== ""
      ? { app_id: values.applicationId }
      : {};
  return {
    cpus: resources.cpus,
    memory: resources.memory,
    disk_size: resources.disk_size,
    gpu_slots: resources["gpu-slots"],
    vpu_slots: resources["vpu-slots"],
    ...application,
  };
}
