import { describe, expect, it } from "vitest";
import { appendToHistory, metricValues } from "./stats-history.ts";
import { sampleAt } from "./stats-fixtures.test-support.ts";

const start = Date.UTC(2025, 0, 2, 3, 0, 0);
const fiveMinutes = 5 * 60_000;

describe("appendToHistory", () => {
  it("keeps a sample exactly 5 minutes old and drops it one millisecond later", () => {
    const history = [sampleAt(start), sampleAt(start + 1000)];

    const atLimit = appendToHistory(history, sampleAt(start + fiveMinutes));
    expect(atLimit.map(({ time }) => time - start)).toEqual([0, 1000, fiveMinutes]);

    const pastLimit = appendToHistory(history, sampleAt(start + fiveMinutes + 1));
    expect(pastLimit.map(({ time }) => time - start)).toEqual([1000, fiveMinutes + 1]);
    // The history passed in is left as it was.
    expect(history).toHaveLength(2);
  });

  it("holds 5 minutes of samples taken every second: 301 of them", () => {
    let history = appendToHistory([], sampleAt(start));
    for (let second = 1; second <= 900; second += 1) {
      history = appendToHistory(history, sampleAt(start + second * 1000));
    }
    expect(history).toHaveLength(301);
    expect(history[0]?.time).toBe(start + 600_000);
  });

  it("drops everything after a long pause", () => {
    const history = appendToHistory(
      [sampleAt(start), sampleAt(start + 1000)],
      sampleAt(start + 2 * fiveMinutes),
    );
    expect(history).toHaveLength(1);
  });
});

describe("metricValues", () => {
  it("gives one metric's values, oldest first, without the samples lacking it", () => {
    const history = [
      sampleAt(start, { network: { currentRtt: 4 } }),
      sampleAt(start + 1000),
      sampleAt(start + 2000, { network: { currentRtt: 6 } }),
    ];
    expect(metricValues(history, (sample) => sample.network.currentRtt)).toEqual([4, 6]);
  });
});
