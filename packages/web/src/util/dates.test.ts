import { describe, expect, it } from "vitest";
import { formatDate, unsetDate } from "./dates.ts";

const utc = { locale: "en-GB", timeZone: "UTC" };

describe("formatDate", () => {
  it("shows nothing for Go's zero time and missing values", () => {
    expect(formatDate(unsetDate, utc)).toBe("");
    expect(formatDate(undefined, utc)).toBe("");
    expect(formatDate(null, utc)).toBe("");
    expect(formatDate("not a date", utc)).toBe("");
  });

  it("shows 'Never' for the Unix epoch, as a string or a number", () => {
    expect(formatDate("1970-01-01T00:00:00Z", utc)).toBe("Never");
    expect(formatDate(0, utc)).toBe("Never");
  });

  it("shows any other date and time", () => {
    expect(formatDate("2024-03-05T14:07:00Z", utc)).toBe("5 Mar 2024, 14:07");
  });
});
