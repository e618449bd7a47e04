import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./compressed-json.ts";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0 refusals", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("BR")).toBe("br");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("gzip;q=0")).toBeUndefined();
    expect(chooseEncoding("")).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
