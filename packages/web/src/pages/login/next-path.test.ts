import { describe, expect, it } from "vitest";
import { nextPathFrom } from "./next-path.ts";

describe("nextPathFrom", () => {
  it("keeps a same-origin path from navigation state", () => {
    expect(nextPathFrom({ from: "/instances/default/abc/logs" }, "")).toBe(
      "/instances/default/abc/logs",
    );
  });

  it("takes the address's next when there is no state", () => {
    expect(nextPathFrom(undefined, "?next=%2Fnodes%3Fpage%3D2")).toBe("/nodes?page=2");
  });

  it("defaults to the root without state or next", () => {
    expect(nextPathFrom(undefined, "")).toBe("/");
    expect(nextPathFrom({}, "")).toBe("/");
  });

  it("refuses other origins, from the state and from the address alike", () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/x"]) {
      expect(nextPathFrom({ from: next }, "")).toBe("/");
      expect(nextPathFrom(undefined, `?next=${encodeURIComponent(next)}`)).toBe("/");
    }
  });
});
