import { describe, expect, it } from "vitest";
import {
  checkDuration,
  checkFingerprint,
  checkNameList,
  checkRegistryLocation,
  checkUrl,
  parseBooleanValue,
  parseEnumValue,
  parseIntegerValue,
  parseTextValue,
} from "./config-value-checks.ts";

describe("parseBooleanValue", () => {
  it("takes JSON booleans and AMS's strings", () => {
    expect(parseBooleanValue(true)).toEqual({ ok: true, value: true });
    expect(parseBooleanValue("false")).toEqual({ ok: true, value: false });
  });

  it("refuses anything else, saying what it takes", () => {
    for (const input of ["yes", "True", "", 1, 0]) {
      expect(parseBooleanValue(input), String(input)).toEqual({
        ok: false,
        problem: 'must be true or false (or "true"/"false")',
      });
    }
  });
});

describe("parseIntegerValue", () => {
  it("takes whole numbers as JSON numbers or text, bounds included", () => {
    expect(parseIntegerValue(0, 0, 10)).toEqual({ ok: true, value: 0 });
    expect(parseIntegerValue("10", 0, 10)).toEqual({ ok: true, value: 10 });
    expect(parseIntegerValue(" 7 ", 0, 10)).toEqual({ ok: true, value: 7 });
  });

  it("refuses fractions, words, booleans and values out of bounds, naming the bounds", () => {
    for (const input of [11, -1, "3.5", 2.5, "many", "", true, "1e3"]) {
      expect(parseIntegerValue(input, 0, 10), String(input)).toEqual({
        ok: false,
        problem: "must be a whole number from 0 to 10",
      });
    }
  });
});

describe("parseEnumValue", () => {
  it("takes exactly an allowed value", () => {
    expect(parseEnumValue("binpack", ["spread", "binpack"])).toEqual({
      ok: true,
      value: "binpack",
    });
  });

  it("refuses others (letter case included), listing the allowed ones", () => {
    for (const input of ["Spread", "random", "", true]) {
      expect(parseEnumValue(input, ["spread", "binpack"]), String(input)).toEqual({
        ok: false,
        problem: 'must be one of "spread", "binpack"',
      });
    }
  });
});

describe("parseTextValue", () => {
  it("takes strings that pass the check, and always the empty string (unset)", () => {
    expect(parseTextValue("https://x.example", checkUrl)).toEqual({
      ok: true,
      value: "https://x.example",
    });
    expect(parseTextValue("", checkUrl)).toEqual({ ok: true, value: "" });
    expect(parseTextValue("anything")).toEqual({ ok: true, value: "anything" });
  });

  it("refuses non-strings, text over 4096 characters, and what the check refuses", () => {
    expect(parseTextValue(12)).toEqual({ ok: false, problem: "must be a string" });
    expect(parseTextValue("a".repeat(4097))).toEqual({
      ok: false,
      problem: "must be at most 4096 characters",
    });
    expect(parseTextValue("a".repeat(4096)).ok).toBe(true);
    expect(parseTextValue("ftp://x", checkUrl)).toEqual({
      ok: false,
      problem: "must be an http:// or https:// URL",
    });
  });
});

describe("the checks of text values", () => {
  it("checkUrl takes http(s) URLs only", () => {
    expect(checkUrl("https://images.example.com/stable/")).toBeUndefined();
    expect(checkUrl("http://10.0.0.1:3128")).toBeUndefined();
    for (const value of ["ftp://x", "not a url", "/srv/x", "file:///srv/x"]) {
      expect(checkUrl(value), value).toBe("must be an http:// or https:// URL");
    }
  });

  it("checkRegistryLocation takes http(s) and file URLs and absolute paths", () => {
    for (const value of ["https://r.example:3000", "file:///srv/registry", "/srv/registry"]) {
      expect(checkRegistryLocation(value), value).toBeUndefined();
    }
    for (const value of ["relative/dir", "ftp://r.example"]) {
      expect(checkRegistryLocation(value), value).toContain("absolute path");
    }
  });

  it("checkDuration takes Go durations, units required", () => {
    for (const value of ["30s", "5m", "1h", "1h30m", "1.5h", "500ms", "10µs"]) {
      expect(checkDuration(value), value).toBeUndefined();
    }
    for (const value of ["5", "5 minutes", "1d", "m", "-5m", "1h 30m"]) {
      expect(checkDuration(value), value).toBe('must be a duration such as "30s", "5m" or "1h"');
    }
  });

  it("checkNameList takes comma-separated names, dots included", () => {
    // AMS once refused feature flags with a dot in them: they must pass here.
    for (const value of ["enable_virgl,foo.bar", "a", "k=v, x:y", "with-dash.and.dots"]) {
      expect(checkNameList(value), value).toBeUndefined();
    }
    for (const value of ["a b", "a,,b", "semi;colon", "a,"]) {
      expect(checkNameList(value), value).toContain("comma-separated list of names");
    }
  });

  it("checkFingerprint takes 64 hexadecimal characters", () => {
    expect(checkFingerprint("ab".repeat(32))).toBeUndefined();
    expect(checkFingerprint("AB".repeat(32))).toBeUndefined();
    for (const value of ["ab".repeat(31), "zz".repeat(32), "ab".repeat(33)]) {
      expect(checkFingerprint(value), value).toContain("SHA-256 fingerprint");
    }
  });
});
