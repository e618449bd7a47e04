import { describe, expect, it } from "vitest";
import { bytesToMegabytes, formatBytes } from "./bytes.ts";

describe("formatBytes", () => {
  it("counts in base 1000 with one decimal", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(999)).toBe("999 B");
    expect(formatBytes(1000)).toBe("1.0 kB");
    expect(formatBytes(1500)).toBe("1.5 kB");
    expect(formatBytes(3_000_000_000)).toBe("3.0 GB");
    expect(formatBytes(1_234_567)).toBe("1.2 MB");
  });

  it("moves to the next unit rather than showing 1000.0", () => {
    expect(formatBytes(999_960)).toBe("1.0 MB");
  });

  it("shows nothing for a value that is not a size", () => {
    expect(formatBytes(-1)).toBe("");
    expect(formatBytes(Number.NaN)).toBe("");
  });
});

describe("bytesToMegabytes", () => {
  it("divides by a million", () => {
    expect(bytesToMegabytes(2_500_000)).toBe(2.5);
  });
});
