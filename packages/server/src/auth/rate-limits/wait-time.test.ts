import { describe, expect, it } from "vitest";
import { describeWait, retryAfterSeconds } from "./wait-time.ts";

describe("wait times", () => {
  it("gives Retry-After in whole seconds, at least one", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });

  it("says seconds under a minute and whole minutes above", () => {
    expect(describeWait(400)).toBe("1 second");
    expect(describeWait(20_000)).toBe("20 seconds");
    expect(describeWait(60_000)).toBe("1 minute");
    expect(describeWait(61_000)).toBe("2 minutes");
    expect(describeWait(15 * 60_000 - 5)).toBe("15 minutes");
  });
});
