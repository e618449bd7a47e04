import { describe, expect, it } from "vitest";
import { nextPathFrom } from "./next-path.ts";

describe("nextPathFrom", () => {
  it("keeps a same-origin path from navigation state", () => {
    expect(nextPathFrom({ from: "/instances/default/abc/logs" })).toBe(
      "/instances/default/abc/logs",
    );
  });

  it("defaults to the root without state", () => {
    expect(nextPathFrom(undefined)).toBe("/");
    expect(nextPathFrom({})).toBe("/");
  });

  it("refuses other origins", () => {
    expect(nextPathFrom({ from: "//evil.example/x" })).toBe("/");
    expect(nextPathFrom({ from: "https://evil.example/" })).toBe("/");
  });
});
