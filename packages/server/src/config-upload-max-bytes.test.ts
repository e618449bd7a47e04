import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

const uploadMaxBytes = (value?: string) =>
  readConfig(value === undefined ? {} : { UPLOAD_MAX_BYTES: value }, "/nonexistent-repository-root")
    .uploadMaxBytes;

describe("UPLOAD_MAX_BYTES", () => {
  it("takes 8 GiB when unset or empty, else the whole number of bytes given", () => {
    expect(uploadMaxBytes()).toBe(8 * 1024 ** 3);
    expect(uploadMaxBytes("")).toBe(8 * 1024 ** 3);
    expect(uploadMaxBytes("1048576")).toBe(1_048_576);
  });

  it("refuses what is not a whole number of bytes, at least 1, saying so", () => {
    for (const value of ["0", "-5", "1.5", "8GiB", "1e9", " ", "99999999999999999999"]) {
      expect(() => uploadMaxBytes(value), value).toThrow(ConfigError);
    }
    expect(() => uploadMaxBytes("8GiB")).toThrow(
      /UPLOAD_MAX_BYTES must be a whole number of bytes/,
    );
  });
});
