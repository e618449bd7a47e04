import { describe, expect, it } from "vitest";
import type { RegistryApplicationView } from "../../api/registry.ts";
import {
  newestRegistryVersion,
  proposedPullTarget,
  pullTargets,
  whyRegistryActionsUnavailable,
} from "./registry-facts.ts";

function withVersions(numbers: number[], heldBy: string[] = []): RegistryApplicationView {
  const versions = Object.fromEntries(
    numbers.map((number) => [
      String(number),
      { created_at: number, manifest_version: "1", size: number * 100 },
    ]),
  );
  return {
    id: "r",
    name: "app",
    architectures: [],
    boot_package: "",
    instance_type: "",
    tags: [],
    versions,
    vm: false,
    heldBy,
  };
}

describe("registry facts", () => {
  it("takes the newest version by number, not by the order of its keys as text", () => {
    expect(newestRegistryVersion(withVersions([9, 10, 2]))).toEqual({
      number: 10,
      size: 1000,
      createdAt: 10,
    });
    expect(newestRegistryVersion(withVersions([]))).toBeUndefined();
  });

  it("offers the actions in manual mode only", () => {
    expect(whyRegistryActionsUnavailable("manual")).toBeUndefined();
    expect(whyRegistryActionsUnavailable("pull")).toMatch(/automatic mode/);
    expect(whyRegistryActionsUnavailable("push")).toMatch(/automatic mode/);
  });

  it("marks the clusters that hold the application and proposes one that does not", () => {
    const targets = pullTargets(["default", "second", "third"], withVersions([1], ["default"]));
    expect(targets).toEqual([
      { clusterId: "default", holds: true },
      { clusterId: "second", holds: false },
      { clusterId: "third", holds: false },
    ]);
    expect(proposedPullTarget(targets)).toBe("second");
    expect(proposedPullTarget([{ clusterId: "default", holds: true }])).toBe("default");
    expect(proposedPullTarget([])).toBe("");
  });
});
