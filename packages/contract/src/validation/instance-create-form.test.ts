import { describe, expect, it } from "vitest";
import { instanceDisplaySchema, instanceResourcesPostSchema } from "../ams/instance.ts";
import { instanceSizeLimits, parseWholeNumber } from "./instance-create-form.ts";

describe("parseWholeNumber", () => {
  it("reads digits only, around spaces", () => {
    expect(parseWholeNumber("12")).toBe(12);
    expect(parseWholeNumber(" 0 ")).toBe(0);
    for (const text of ["", " ", "1.0", "-3", "+3", "1e3", "0x10", "three"]) {
      expect(parseWholeNumber(text), text).toBeUndefined();
    }
  });
});

describe("instanceSizeLimits", () => {
  const { cpus, gpuSlots, vpuSlots, memoryGb, displayPixels } = instanceSizeLimits;
  const resources = (sizes: Record<string, number>) =>
    instanceResourcesPostSchema.safeParse(sizes).success;

  it("are what the cluster's create request takes, so that the form lets through only that", () => {
    expect(
      resources({ cpus: cpus.max, "gpu-slots": gpuSlots.max, "vpu-slots": vpuSlots.max }),
    ).toBe(true);
    expect(resources({ cpus: cpus.max + 1 })).toBe(false);
    expect(resources({ cpus: cpus.min - 1 })).toBe(false);
    expect(resources({ "gpu-slots": gpuSlots.max + 1 })).toBe(false);
    expect(resources({ "vpu-slots": vpuSlots.max + 1 })).toBe(false);
    expect(resources({ memory: memoryGb.max * 1e9 })).toBe(true);
    expect(resources({ memory: memoryGb.max * 1e9 + 1 })).toBe(false);
    expect(resources({ memory: memoryGb.min * 1e9 })).toBe(true);
    const display = (width: number) => instanceDisplaySchema.safeParse({ width }).success;
    expect(display(displayPixels.max)).toBe(true);
    expect(display(displayPixels.max + 1)).toBe(false);
    expect(display(displayPixels.min - 1)).toBe(false);
  });
});
