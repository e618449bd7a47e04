import { describe, expect, it } from "vitest";
import {
  customResourceType,
  defaultDiskSize,
  findResourcePreset,
  instanceResourcePresets,
  resourceRequestFor,
} from "./instance-resources.ts";

const gibibyte = 1024 ** 3;
const gigabyte = 1e9;

describe("instanceResourcePresets (SPEC section 9)", () => {
  it("lists a2.3 to a10.3 then g2.3 to g10.3", () => {
    expect(instanceResourcePresets.map((preset) => preset.name)).toEqual([
      "a2.3",
      "a4.3",
      "a6.3",
      "a8.3",
      "a10.3",
      "g2.3",
      "g4.3",
      "g6.3",
      "g8.3",
      "g10.3",
    ]);
  });

  it.each([
    ["a2.3", 2, 0],
    ["a4.3", 4, 0],
    ["a6.3", 6, 0],
    ["a8.3", 8, 0],
    ["a10.3", 10, 0],
    ["g2.3", 2, 1],
    ["g4.3", 4, 1],
    ["g6.3", 6, 1],
    ["g8.3", 8, 1],
    ["g10.3", 10, 1],
  ])("%s has %i CPU cores, %i GPU slot(s), 3 GB memory and no VPU", (name, cpus, gpuSlots) => {
    expect(findResourcePreset(name)).toEqual({ name, cpus, gpuSlots, memoryGb: 3, vpuSlots: 0 });
  });

  it("knows no preset called custom", () => {
    expect(findResourcePreset(customResourceType)).toBeUndefined();
  });
});

describe("defaultDiskSize", () => {
  it("gives containers 3 GiB, or 4 GiB with ext4 root volumes, and VMs 15 GiB", () => {
    expect(defaultDiskSize("container", false)).toBe(3 * gibibyte);
    expect(defaultDiskSize("container", true)).toBe(4 * gibibyte);
    expect(defaultDiskSize("vm", false)).toBe(15 * gibibyte);
    expect(defaultDiskSize("vm", true)).toBe(15 * gibibyte);
  });
});

describe("resourceRequestFor", () => {
  it("sends a preset's sizes, memory in bytes (base 1000)", () => {
    expect(resourceRequestFor({ resourceType: "g4.3" }, "container", false)).toEqual({
      cpus: 4,
      "gpu-slots": 1,
      "vpu-slots": 0,
      disk_size: 3 * gibibyte,
      memory: 3 * gigabyte,
    });
  });

  it("ignores custom sizes when a preset is chosen", () => {
    expect(
      resourceRequestFor(
        { resourceType: "a8.3", resourceTypeCpu: 64, resourceTypeMemory: 100 },
        "vm",
        false,
      ),
    ).toEqual({
      cpus: 8,
      "gpu-slots": 0,
      "vpu-slots": 0,
      disk_size: 15 * gibibyte,
      memory: 3 * gigabyte,
    });
  });

  it("sends custom sizes as given", () => {
    expect(
      resourceRequestFor(
        {
          resourceType: customResourceType,
          resourceTypeCpu: 12,
          resourceTypeGpu: 2,
          resourceTypeVpu: 1,
          resourceTypeMemory: 8,
        },
        "container",
        true,
      ),
    ).toEqual({
      cpus: 12,
      "gpu-slots": 2,
      "vpu-slots": 1,
      disk_size: 4 * gibibyte,
      memory: 8 * gigabyte,
    });
  });

  it("falls back to 2 CPU cores, 3 GB and no GPU or VPU for custom sizes left out", () => {
    expect(resourceRequestFor({ resourceType: customResourceType }, "container", false)).toEqual({
      cpus: 2,
      "gpu-slots": 0,
      "vpu-slots": 0,
      disk_size: 3 * gibibyte,
      memory: 3 * gigabyte,
    });
  });
});
