import { describe, expect, it } from "vitest";
import { nulCharacterPath } from "./text-characters.ts";

describe("nulCharacterPath", () => {
  it("finds a NUL character in a text, a nested field, a list item or a key", () => {
    expect(nulCharacterPath("a\0b")).toBe("");
    expect(nulCharacterPath({ name: "ok", config: { display: { label: "x\0" } } })).toBe(
      "config.display.label",
    );
    expect(nulCharacterPath({ tags: ["a", "\0"] })).toBe("tags.1");
    expect(nulCharacterPath({ "k\0": 1 })).toBe("k\0");
    // Objects without a prototype, or whose prototype has none: how query strings are parsed.
    expect(nulCharacterPath(Object.assign(Object.create(null) as object, { q: "\0" }))).toBe("q");
    const parsedQuery = Object.create(Object.create(null) as object) as Record<string, unknown>;
    parsedQuery.search = ["a", "\0"];
    expect(nulCharacterPath(parsedQuery)).toBe("search.1");
  });

  it("passes values without one, other escapes and other control characters included", () => {
    expect(nulCharacterPath({ name: "a\u0001b", text: "\\u0000", n: 0, list: [null, true] })).toBe(
      undefined,
    );
    expect(nulCharacterPath(undefined)).toBe(undefined);
    // Not data: a typed array (a buffer) or an instance of a class is not walked.
    expect(nulCharacterPath({ raw: new Uint8Array([0]), at: new Date(0) })).toBe(undefined);
  });

  it("walks a value nested far deeper than any stack", () => {
    let value: unknown = "\0";
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(nulCharacterPath(value)).toMatch(/^0(\.0)+$/);
  });
});
