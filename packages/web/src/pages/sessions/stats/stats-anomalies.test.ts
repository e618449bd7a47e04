import { describe, expect, it } from "vitest";
import {
  exceedsUsualRange,
  hasPacketLossGrown,
  isLatestAbnormal,
  isRttAbnormal,
} from "./stats-anomalies.ts";
import { sampleAt } from "./stats-fixtures.test-support.ts";
import type { StreamStatsSample } from "./stream-stats-sample.ts";

/** 4, 6, 4, 6…: mean 5 and (population) standard deviation 1, so the limit is 6. */
function alternating(count: number): number[] {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? 4 : 6));
}

describe("exceedsUsualRange", () => {
  it("flags a latest value above the mean plus one deviation of the 20 previous ones", () => {
    expect(exceedsUsualRange([...alternating(20), 6.01])).toBe(true);
  });

  it("does not flag a value at the limit or under it", () => {
    expect(exceedsUsualRange([...alternating(20), 6])).toBe(false);
    expect(exceedsUsualRange([...alternating(20), 1])).toBe(false);
  });

  it("uses the population deviation: the sample one (1.026) would not flag 6.02", () => {
    expect(exceedsUsualRange([...alternating(20), 6.02])).toBe(true);
  });

  it("needs 20 previous values: with 19 even a huge value is not judged", () => {
    expect(exceedsUsualRange([...alternating(19), 1000])).toBe(false);
    expect(exceedsUsualRange([...alternating(20), 1000])).toBe(true);
  });

  it("judges against the previous values only, not with the latest among them", () => {
    // Counted in, 6.04 would raise the mean to 5.05 and the limit to 6.05: not abnormal.
    expect(exceedsUsualRange([...alternating(20), 6.04])).toBe(true);
  });

  it("does not take the rounding noise of a steady value for a rise", () => {
    // Decode time per frame from cumulative seconds: 3 ms each time, give or take a last digit.
    const steady = Array.from(
      { length: 21 },
      (_, index) => (((index + 2) * 0.09 - (index + 1) * 0.09) / 30) * 1000,
    );
    expect(new Set(steady).size).toBeGreaterThan(1);
    expect(exceedsUsualRange(steady)).toBe(false);
  });

  it("judges nothing without values", () => {
    expect(exceedsUsualRange([])).toBe(false);
  });
});

describe("isRttAbnormal", () => {
  it("flags an RTT above 100 ms only", () => {
    expect(isRttAbnormal(100)).toBe(false);
    expect(isRttAbnormal(100.1)).toBe(true);
    expect(isRttAbnormal(4)).toBe(false);
    expect(isRttAbnormal(undefined)).toBe(false);
  });
});

describe("hasPacketLossGrown", () => {
  it("flags packets lost that grew since the previous sample", () => {
    expect(hasPacketLossGrown(3, 4)).toBe(true);
    expect(hasPacketLossGrown(3, 3)).toBe(false);
    // A restarted stream counts from zero again: not a loss.
    expect(hasPacketLossGrown(3, 0)).toBe(false);
    expect(hasPacketLossGrown(undefined, 4)).toBe(false);
  });
});

describe("isLatestAbnormal", () => {
  const jitter = (sample: StreamStatsSample) => sample.video?.jitter;
  const lost = (sample: StreamStatsSample) => sample.video?.packetsLost;

  function history(values: (number | undefined)[]): StreamStatsSample[] {
    return values.map((value, index) =>
      sampleAt(index * 1000, { video: { jitter: value, packetsLost: value } }),
    );
  }

  it("applies the usual-range rule to the metric's values, skipping samples without one", () => {
    const withGap = [...alternating(10), undefined, ...alternating(10), 7];
    expect(isLatestAbnormal(history(withGap), jitter, "usual-range")).toBe(true);
  });

  it("does not flag a latest sample that lacks the value", () => {
    expect(isLatestAbnormal(history([...alternating(20), undefined]), jitter, "usual-range")).toBe(
      false,
    );
    expect(isLatestAbnormal([], jitter, "usual-range")).toBe(false);
  });

  it("compares packets lost with the sample just before", () => {
    expect(isLatestAbnormal(history([0, 2, 3]), lost, "packet-loss")).toBe(true);
    expect(isLatestAbnormal(history([0, 3, 3]), lost, "packet-loss")).toBe(false);
    expect(isLatestAbnormal(history([3]), lost, "packet-loss")).toBe(false);
  });

  it("applies the RTT threshold to the latest RTT", () => {
    const rtt = (sample: StreamStatsSample) => sample.network.currentRtt;
    const samples = [150, 20].map((value, index) =>
      sampleAt(index * 1000, { network: { currentRtt: value } }),
    );
    expect(isLatestAbnormal(samples, rtt, "rtt")).toBe(false);
    expect(isLatestAbnormal(samples.slice(0, 1), rtt, "rtt")).toBe(true);
  });
});
