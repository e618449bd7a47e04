import { describe, expect, it } from "vitest";
import { applicationPatchSchema } from "@anbox-dashboard/contract";
import { applicationChange } from "./application-patch.ts";
import {
  initialApplicationFormValues,
  type ApplicationFormValues,
} from "./application-form-values.ts";

const before: ApplicationFormValues = {
  ...initialApplicationFormValues,
  clusterId: "default",
  name: "com.example.game",
  resourceType: "a4.3",
  tags: "beta",
  bootActivity: ".Main",
  manifestExtras: { topLevel: [["video-encoder", "gpu"]], resources: [] },
};

describe("applicationChange", () => {
  it("sends only what changed, under the patch's names", () => {
    const change = applicationChange(before, {
      ...before,
      resourceType: "g4.3",
      tags: "beta, stable",
      versionName: "2.0",
      inhibitAutoUpdates: true,
    });
    expect(change).toEqual({
      kind: "patch",
      patch: {
        "instance-type": "g4.3",
        tags: ["beta", "stable"],
        manifest_version: "2.0",
        inhibit_auto_updates: true,
      },
    });
    if (change.kind === "patch")
      expect(applicationPatchSchema.safeParse(change.patch).success).toBe(true);
  });

  it("empties what was removed, and knows when nothing changed", () => {
    expect(applicationChange(before, { ...before, tags: "", bootActivity: "" })).toEqual({
      kind: "patch",
      patch: { tags: [], boot_activity: "" },
    });
    expect(applicationChange(before, { ...before })).toEqual({ kind: "nothing" });
  });

  it("says which changes only a new version can make", () => {
    expect(applicationChange(before, { ...before, bootPackage: "com.other" })).toEqual({
      kind: "needs-version",
      keys: ["boot-package"],
    });
  });
});
