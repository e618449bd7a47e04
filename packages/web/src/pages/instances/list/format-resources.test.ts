import { describe, expect, it } from "vitest";
import { formatResources } from "./format-resources.ts";

describe("formatResources", () => {
  it("names CPUs, memory in base 1000 and GPU slots", () => {
    expect(
      formatResources({ cpus: 2, memory: 3_000_000_000, "gpu-slots": 1, "vpu-slots": 0 }),
    ).toBe("2 CPU · 3.0 GB · 1 GPU");
  });

  it("leaves out what the instance has none of", () => {
    expect(formatResources({ cpus: 4, memory: 1_500_000_000, "gpu-slots": 0 })).toBe(
      "4 CPU · 1.5 GB",
    );
    expect(formatResources({ cpus: 2, memory: 0, "vpu-slots": 2 })).toBe("2 CPU · 2 VPU");
    expect(formatResources(undefined)).toBe("");
  });
});
