import { isLatestAbnormal } from "./stats-anomalies.ts";
import type { MetricReader, StatsHistory } from "./stats-history.ts";
import {
  type ChartedMetric,
  type WatchedMetric,
  chartedMetrics,
  watchedMetrics,
} from "./stats-metrics.ts";
import type { StreamStatsSample } from "./stream-stats-sample.ts";

/** uPlot's aligned data for one series: times in seconds, values (null where missing). */
export type ChartColumns = [times: number[], values: (number | null)[]];

/** What the panel shows after a sample: all computed at once, so rendering only reads. */
export interface StatsView {
  history: StatsHistory;
  latest: StreamStatsSample | undefined;
  abnormal: Readonly<Record<WatchedMetric, boolean>>;
  charts: Readonly<Record<ChartedMetric, ChartColumns>>;
}

export function chartColumns(history: StatsHistory, read: MetricReader): ChartColumns {
  const times: number[] = new Array<number>(history.length);
  const values: (number | null)[] = new Array<number | null>(history.length);
  history.forEach((sample, index) => {
    times[index] = sample.time / 1000;
    values[index] = read(sample) ?? null;
  });
  return [times, values];
}

function mapMetrics<Metric extends string, Definition, Result>(
  metrics: Record<Metric, Definition>,
  compute: (definition: Definition) => Result,
): Record<Metric, Result> {
  const entries = Object.entries(metrics) as [Metric, Definition][];
  return Object.fromEntries(
    entries.map(([metric, definition]) => [metric, compute(definition)]),
  ) as Record<Metric, Result>;
}

export function buildStatsView(history: StatsHistory): StatsView {
  return {
    history,
    latest: history.at(-1),
    abnormal: mapMetrics(watchedMetrics, ({ read, rule }) => isLatestAbnormal(history, read, rule)),
    charts: mapMetrics(chartedMetrics, ({ read }) => chartColumns(history, read)),
  };
}

export const emptyStatsView: StatsView = buildStatsView([]);
