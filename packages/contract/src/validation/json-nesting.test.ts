import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, maxJsonNesting } from "./json-nesting.ts";

const nested = (depth: number, open = "[", close = "]") =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

describe("jsonNestsDeeperThan", () => {
  it("allows nesting up to the limit and refuses one level more", () => {
    expect(jsonNestsDeeperThan(nested(maxJsonNesting))).toBe(false);
    expect(jsonNestsDeeperThan(nested(maxJsonNesting + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":${nested(3)}}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":${nested(2)}}`, 3)).toBe(false);
  });

  it("counts objects and arrays alike, and siblings do not add up", () => {
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
    expect(jsonNestsDeeperThan('[[1],[2],{"c":[3]},[[4]]]', 3)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: nested(1000) }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: `\\"${nested(50)}` }), 1)).toBe(false);
  });

  it("answers for a million levels without overflowing the stack", () => {
    expect(jsonNestsDeeperThan(nested(1_000_000))).toBe(true);
    expect(jsonNestsDeeperThan("not json [[[")).toBe(false);
  });
});
