// What is kept of an identity provider's groups claim: names, well formed, once, and few enough.
import { describe, expect, it } from "vitest";
import { claimedGroups, maxClaimedGroups } from "./provider-groups.ts";

describe("claimedGroups", () => {
  it("keeps a list's names, or one name, once each", () => {
    expect(claimedGroups(["qa", "ops", "qa"])).toEqual(["qa", "ops"]);
    expect(claimedGroups("qa")).toEqual(["qa"]);
  });

  it("leaves out what is not a name, and keeps at most so many", () => {
    expect(claimedGroups(["ok", 7, null, { name: "x" }, "", "a\nb", "x".repeat(201)])).toEqual([
      "ok",
    ]);
    for (const claim of [undefined, null, 42, { groups: ["qa"] }]) {
      expect(claimedGroups(claim)).toEqual([]);
    }
    const many = Array.from({ length: 5000 }, (_, index) => `g${String(index)}`);
    expect(claimedGroups(many)).toHaveLength(maxClaimedGroups);
  });
});
