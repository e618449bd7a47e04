import { describe, expect, it } from "vitest";
import { customResourceType, resourceRequestFor } from "@anbox-dashboard/contract";
import { capacityRequestOf } from "./capacity-request.ts";

const customVm = resourceRequestFor(
  {
    resourceType: customResourceType,
    resourceTypeCpu: 12,
    resourceTypeGpu: 2,
    resourceTypeVpu: 1,
    resourceTypeMemory: 8,
  },
  "vm",
  false,
);

describe("capacityRequestOf", () => {
  it.each([
    ["custom VM sizes", customVm],
    [
      "a GPU preset in a container with ext4",
      resourceRequestFor({ resourceType: "g4.3" }, "container", true),
    ],
  ] as const)("asks about the resources the create request carries: %s", (_, resources) => {
    expect(capacityRequestOf(resources)).toEqual({
      cpus: resources.cpus,
      memory: resources.memory,
      disk_size: resources.disk_size,
      gpu_slots: resources["gpu-slots"],
      vpu_slots: resources["vpu-slots"],
    });
  });

  it("names the chosen application, whose node tags the cluster requires", () => {
    expect(capacityRequestOf(customVm, "app-gpu")).toMatchObject({
      app_id: "app-gpu",
      cpus: 12,
      gpu_slots: 2,
    });
    expect(capacityRequestOf(customVm, "")).not.toHaveProperty("app_id");
    expect(capacityRequestOf(customVm)).not.toHaveProperty("app_id");
  });
});
