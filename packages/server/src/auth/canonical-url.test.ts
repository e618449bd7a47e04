import { describe, expect, it } from "vitest";
import { canonicalUrl } from "./canonical-url.ts";

describe("canonicalUrl", () => {
  it("leaves a path without dot segments as it is", () => {
    expect(canonicalUrl("/api/sessions?x=/../y")).toBe("/api/sessions?x=/../y");
    expect(canonicalUrl("/%61pi/sessions")).toBe("/%61pi/sessions");
    expect(canonicalUrl("/api/files/a..b")).toBe("/api/files/a..b");
  });

  it("resolves plain and encoded dot segments, keeping the query", () => {
    expect(canonicalUrl("/api/./sessions")).toBe("/api/sessions");
    expect(canonicalUrl("/x/../api/sessions?a=1")).toBe("/api/sessions?a=1");
    expect(canonicalUrl("/x/%2e%2E/api/sessions")).toBe("/api/sessions");
    expect(canonicalUrl("/api/%2e/sessions")).toBe("/api/sessions");
    expect(canonicalUrl("/../../api/sessions")).toBe("/api/sessions");
  });

  it("never reads leading slashes as another host", () => {
    expect(canonicalUrl("//evil.example/../api/sessions")).toBe("/api/sessions");
  });
});
