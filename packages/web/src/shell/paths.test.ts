import { describe, expect, it } from "vitest";
import { isLandingPath, isPublicPath, isVdiPath } from "./paths.ts";

describe("path kinds", () => {
  it("knows the public paths", () => {
    for (const path of ["/stream/abc", "/login", "/forbidden", "/register"]) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ["/", "/stream", "/instances", "/profile", "/vdi"]) {
      expect(isPublicPath(path)).toBe(false);
    }
  });

  it("knows the VDI and landing paths", () => {
    expect(isVdiPath("/vdi")).toBe(true);
    expect(isVdiPath("/vdi/session-1")).toBe(true);
    expect(isVdiPath("/instances")).toBe(false);
    expect(isLandingPath("/")).toBe(true);
    expect(isLandingPath("/instances")).toBe(false);
  });
});
