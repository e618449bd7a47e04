import { describe, expect, it } from "vitest";
import { missingFeature } from "./cluster-features.ts";

const checkedAt = "2026-11-29T07:00:00Z";

describe("missingFeature", () => {
  it("says which extension a cluster's AMS lacks for a feature", () => {
    const old = {
      reachable: true,
      version: "1.14.0",
      api_extensions: ["instance_support"],
      checked_at: checkedAt,
    };
    expect(missingFeature("lab", old, "terminal")).toBe(
      "Cluster lab's AMS (version 1.14.0) does not offer a terminal: its API has no instance_exec extension.",
    );
    expect(missingFeature("lab", old, "logs")).toContain("no container_logs extension");
    expect(missingFeature("lab", old, "manifest")).toBe(
      "Cluster lab's AMS (version 1.14.0) does not offer applications' manifests: its API has no application_manifest_download extension.",
    );
  });

  it("offers a feature that any of its extensions provides", () => {
    const legacy = { reachable: true, api_extensions: ["container_exec"], checked_at: checkedAt };
    expect(missingFeature("lab", legacy, "terminal")).toBeUndefined();
  });

  it("offers it while what the cluster offers is not known", () => {
    expect(missingFeature("lab", undefined, "terminal")).toBeUndefined();
    const down = { reachable: false, message: "down", checked_at: checkedAt };
    expect(missingFeature("lab", down, "logs")).toBeUndefined();
  });
});
