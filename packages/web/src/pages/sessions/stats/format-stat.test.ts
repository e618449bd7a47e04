import { describe, expect, it } from "vitest";
import { formatCount, formatStat, formatText } from "./format-stat.ts";

describe("formatStat", () => {
  it("writes values with their unit and a fixed number of decimals", () => {
    expect(formatStat(4.26, "ms")).toBe("4.3 ms");
    expect(formatStat(1.5234, "MBit/s")).toBe("1.52 MBit/s");
    expect(formatStat(12.345, "MB")).toBe("12.3 MB");
    expect(formatStat(29.7, "fps")).toBe("30 fps");
    expect(formatStat(0, "ms")).toBe("0.0 ms");
  });

  it("shows a dash for a missing value", () => {
    expect(formatStat(undefined, "ms")).toBe("—");
    expect(formatCount(undefined)).toBe("—");
    expect(formatText(undefined)).toBe("—");
    expect(formatText("")).toBe("—");
  });

  it("writes counts whole and texts as they are", () => {
    expect(formatCount(900)).toBe("900");
    expect(formatText("udp")).toBe("udp");
    expect(formatText(0)).toBe("0");
  });
});
