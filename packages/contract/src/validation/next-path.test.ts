import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/instances/default/x?tab=logs")).toBe("/instances/default/x?tab=logs");
  });

  it("turns anything else into /", () => {
    for (const next of [
      undefined,
      "",
      "instances",
      "//evil.example.com",
      "/\\evil.example.com",
      "/\t/evil.example.com",
      "https://evil.example.com/",
      ["/a"],
    ]) {
      expect(safeNextPath(next)).toBe("/");
    }
  });
});
