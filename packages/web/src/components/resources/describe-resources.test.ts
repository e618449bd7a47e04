import { describe, expect, it } from "vitest";
import { customResourceType, resourceRequestFor } from "@anbox-dashboard/contract";
import { describeResourceRequest } from "./describe-resources.ts";

describe("describeResourceRequest", () => {
  it("says what a preset gives, with the default disk", () => {
    expect(
      describeResourceRequest(resourceRequestFor({ resourceType: "g4.3" }, "container", false)),
    ).toBe("4 CPU cores, 3 GB memory, 1 GPU slot, disk 3.2 GB");
    expect(
      describeResourceRequest(resourceRequestFor({ resourceType: "a2.3" }, "container", true)),
    ).toBe("2 CPU cores, 3 GB memory, 0 GPU slots, disk 4.3 GB");
    expect(
      describeResourceRequest(resourceRequestFor({ resourceType: "a10.3" }, "vm", false)),
    ).toBe("10 CPU cores, 3 GB memory, 0 GPU slots, disk 16.1 GB");
  });

  it("names VPU slots only when there are some, and counts one of each in the singular", () => {
    const request = resourceRequestFor(
      {
        resourceType: customResourceType,
        resourceTypeCpu: 1,
        resourceTypeGpu: 2,
        resourceTypeVpu: 1,
        resourceTypeMemory: 8,
      },
      "container",
      false,
    );
    expect(describeResourceRequest(request)).toBe(
      "1 CPU core, 8 GB memory, 2 GPU slots, 1 VPU slot, disk 3.2 GB",
    );
  });
});
