import { statsHistoryWindowMs } from "./stats-constants.ts";
import type { StreamStatsSample } from "./stream-stats-sample.ts";

/** Samples oldest first. */
export type StatsHistory = readonly StreamStatsSample[];

/**
 * The history with the sample added and the samples older than the window (5 minutes before the
 * new sample) dropped; a sample exactly 5 minutes old stays. A new array: the input is not changed.
 */
export function appendToHistory(
  history: StatsHistory,
  sample: StreamStatsSample,
  windowMs: number = statsHistoryWindowMs,
): StatsHistory {
  const oldestKept = sample.time - windowMs;
  // Samples come in time order, so the old ones are at the start: find the first one to keep.
  let start = 0;
  while (start < history.length && (history[start]?.time ?? oldestKept) < oldestKept) start += 1;
  const kept = history.slice(start);
  kept.push(sample);
  return kept;
}

/** A metric's value in a sample, if it has one. */
export type MetricReader = (sample: StreamStatsSample) => number | undefined;

/** The metric's values over the history, oldest first, skipping the samples without one. */
export function metricValues(history: StatsHistory, read: MetricReader): number[] {
  const values: number[] = [];
  for (const sample of history) {
    const value = read(sample);
    if (value !== undefined) values.push(value);
  }
  return values;
}
