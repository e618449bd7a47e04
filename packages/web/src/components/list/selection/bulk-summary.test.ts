import { describe, expect, it } from "vitest";
import { summarizeBulkResults, type BulkWords } from "./bulk-summary.ts";

const words: BulkWords = {
  noun: { one: "door", other: "doors" },
  pastTense: "Opened",
  verb: "open",
};
const ok = (name: string) => ({ name, success: true, error: "" });
const failed = (name: string, error: string) => ({ name, success: false, error });

describe("summarizeBulkResults", () => {
  it("counts with the list's noun", () => {
    expect(summarizeBulkResults(words, [ok("a"), ok("b")], [])).toEqual({
      severity: "success",
      title: "Opened 2 doors",
      message: "",
    });
    expect(summarizeBulkResults(words, [failed("a", "")], []).title).toBe("1 door failed to open");
  });

  it("names the failures and what was left out, with their reasons", () => {
    const summary = summarizeBulkResults(
      words,
      [ok("a"), failed("b", "Stuck")],
      [{ name: "c", reason: "Already open." }],
    );
    expect(summary).toEqual({
      severity: "failure",
      title: "Opened 1 door, 1 failed",
      message: "1 failed: b: Stuck. 1 left out: c: Already open.",
    });
    expect(summarizeBulkResults(words, [failed("d", "")], []).message).toBe(
      "1 failed: d: The server gave no reason.",
    );
  });
});
