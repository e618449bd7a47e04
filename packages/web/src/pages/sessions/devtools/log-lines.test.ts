import { describe, expect, it } from "vitest";
import { matchingLines } from "./log-lines.ts";

describe("matchingLines", () => {
  const log = "boot\nD InputDispatcher: touch 0 down\nI WebRTC: stream client connected\n";

  it("keeps every line without a search, the last newline ending the last line", () => {
    expect(matchingLines(log, "")).toEqual({
      lines: ["boot", "D InputDispatcher: touch 0 down", "I WebRTC: stream client connected"],
      total: 3,
    });
    expect(matchingLines("", "")).toEqual({ lines: [], total: 0 });
  });

  it("keeps the lines that contain the search, in any case", () => {
    expect(matchingLines(log, "  inputdispatcher ")).toEqual({
      lines: ["D InputDispatcher: touch 0 down"],
      total: 3,
    });
    expect(matchingLines(log, "nothing like this")).toEqual({ lines: [], total: 3 });
  });
});
