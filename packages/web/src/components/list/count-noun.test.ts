import { describe, expect, it } from "vitest";
import { countOf, formatCount } from "./count-noun.ts";

describe("formatCount", () => {
  it("groups thousands with commas, as the dashboard's English words do", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(100_000)).toBe("100,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-12_345)).toBe("-12,345");
  });

  it("counts a noun", () => {
    expect(countOf({ one: "node", other: "nodes" }, 1)).toBe("1 node");
    expect(countOf({ one: "node", other: "nodes" }, 10_000)).toBe("10,000 nodes");
  });
});
