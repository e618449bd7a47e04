import { describe, expect, it } from "vitest";
import { customResourceType, resourceRequestFor } from "@anbox-dashboard/contract";
import { buildCreateRequest, resourceChoiceOf } from "./build-create-request.ts";
import { capacityRequestOf } from "./capacity-request.ts";
import { initialFormValues, type InstanceCreateFormValues } from "./create-form-values.ts";

const custom: InstanceCreateFormValues = {
  ...initialFormValues,
  clusterId: "default",
  containerOrVm: "vm",
  sourceType: "image",
  imageId: "img-vm",
  resourceType: customResourceType,
  resourceTypeCpu: "12",
  resourceTypeGpu: "2",
  resourceTypeVpu: "1",
  resourceTypeMemory: "8",
};

function capacityOf(values: InstanceCreateFormValues, ext4RootVolumesSupport: boolean) {
  const resources = resourceRequestFor(
    resourceChoiceOf(values),
    values.containerOrVm,
    ext4RootVolumesSupport,
  );
  return capacityRequestOf(resources, values);
}

describe("capacityRequestOf", () => {
  it.each([
    ["custom VM sizes", custom, false],
    [
      "a GPU preset in a container with ext4",
      { ...custom, containerOrVm: "container", resourceType: "g4.3" },
      true,
    ],
  ] as const)("asks about the resources the create request carries: %s", (_, values, ext4) => {
    const request = buildCreateRequest(values, { ext4RootVolumesSupport: ext4, start: true });
    expect(capacityOf(values, ext4)).toEqual({
      cpus: request.resources?.cpus,
      memory: request.resources?.memory,
      disk_size: request.resources?.disk_size,
      gpu_slots: request.resources?.["gpu-slots"],
      vpu_slots: request.resources?.["vpu-slots"],
    });
  });

  it("names the chosen application, whose node tags the cluster requires", () => {
    const values = { ...custom, sourceType: "application", applicationId: "app-gpu" } as const;
    expect(capacityOf(values, false)).toMatchObject({ app_id: "app-gpu", cpus: 12, gpu_slots: 2 });
    expect(capacityOf({ ...values, applicationId: "" }, false)).not.toHaveProperty("app_id");
    expect(capacityOf(custom, false)).not.toHaveProperty("app_id");
  });
});
