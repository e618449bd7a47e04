import { anomalyBaselinePoints, rttThresholdMs } from "./stats-constants.ts";
import { type MetricReader, type StatsHistory, metricValues } from "./stats-history.ts";

/**
 * SPEC section 4, for decode time, jitter and average jitter buffer delay: the latest value is
 * abnormal when it exceeds the mean of the previous values plus one standard deviation of them.
 * The previous values must number at least `anomalyBaselinePoints` (20). The deviation is the
 * population one (the previous values are the whole baseline, not a sample of it).
 */
export function exceedsUsualRange(values: readonly number[]): boolean {
  const previousCount = values.length - 1;
  const latest = values[previousCount];
  if (latest === undefined || previousCount < anomalyBaselinePoints) return false;
  let sum = 0;
  for (let index = 0; index < previousCount; index += 1) sum += values[index] ?? 0;
  const mean = sum / previousCount;
  let squares = 0;
  for (let index = 0; index < previousCount; index += 1) {
    const difference = (values[index] ?? 0) - mean;
    squares += difference * difference;
  }
  const deviation = Math.sqrt(squares / previousCount);
  const limit = mean + deviation;
  return latest - limit > roundingTolerance * Math.max(1, Math.abs(limit));
}

/**
 * Rates computed from differences of floating-point counters wobble in their last digits: a
 * steady 3 ms decode time comes out as 2.9999999999999996 or 3.0000000000000004, which would
 * otherwise "exceed" a deviation of almost zero. A relative billionth is far below any real change.
 */
const roundingTolerance = 1e-9;

/** SPEC section 4: RTT is abnormal above 100 ms (100 ms itself is not). */
export function isRttAbnormal(rttMs: number | undefined): boolean {
  return rttMs !== undefined && rttMs > rttThresholdMs;
}

/** SPEC section 4: packets lost is abnormal when it grew since the previous sample. */
export function hasPacketLossGrown(
  previous: number | undefined,
  latest: number | undefined,
): boolean {
  return previous !== undefined && latest !== undefined && latest > previous;
}

export type AnomalyRule = "usual-range" | "rtt" | "packet-loss";

/** Whether the history's latest sample is abnormal for a metric read by `read`, under `rule`. */
export function isLatestAbnormal(
  history: StatsHistory,
  read: MetricReader,
  rule: AnomalyRule,
): boolean {
  const latestSample = history.at(-1);
  if (latestSample === undefined) return false;
  const latest = read(latestSample);
  // A sample without the value has nothing abnormal to show.
  if (latest === undefined) return false;
  switch (rule) {
    case "rtt":
      return isRttAbnormal(latest);
    case "packet-loss": {
      const previousSample = history.at(-2);
      return hasPacketLossGrown(previousSample && read(previousSample), latest);
    }
    case "usual-range":
      return exceedsUsualRange(metricValues(history, read));
  }
}
