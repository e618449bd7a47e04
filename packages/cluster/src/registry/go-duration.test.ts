import { describe, expect, it } from "vitest";
import { parseGoDuration } from "./go-duration.ts";

describe("parseGoDuration", () => {
  it("reads each unit and their sums", () => {
    expect(parseGoDuration("1h")).toBe(3_600_000);
    expect(parseGoDuration("1m30s")).toBe(90_000);
    expect(parseGoDuration("1.5s")).toBe(1500);
    expect(parseGoDuration("250ms")).toBe(250);
    expect(parseGoDuration("2h45m")).toBe(9_900_000);
  });

  it("refuses what is not a duration", () => {
    for (const text of ["", "1", "h", "1 h", "1d", "-1s", "1s junk"]) {
      expect(parseGoDuration(text), text).toBeUndefined();
    }
  });
});
