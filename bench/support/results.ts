// What each benchmark is judged by, collected for the one table `make bench` ends with
// (bench/summary.ts): a benchmark records its figures here, which appends them as JSON lines to
// the file BENCH_RESULTS names (nothing when a benchmark runs alone).
import { appendFileSync } from "node:fs";

export interface BenchFigure {
  benchmark: string;
  figure: string;
  /** As printed, with its unit. */
  value: string;
  /** As printed, e.g. "≤ 100 ms"; "-" for a figure reported without a target. */
  target: string;
  /** Whether the target is met; undefined for a figure without one. */
  met: boolean | undefined;
}

/** A figure judged against a ceiling. */
export function atMost(figure: string, value: number, limit: number, unit: string) {
  return {
    figure,
    value: `${round(value)} ${unit}`,
    target: `≤ ${round(limit)} ${unit}`,
    met: value <= limit,
  };
}

/** A figure judged against a floor. */
export function atLeast(figure: string, value: number, floor: number, unit: string) {
  return {
    figure,
    value: `${round(value)} ${unit}`,
    target: `≥ ${round(floor)} ${unit}`,
    met: value >= floor,
  };
}

/** A figure that must be so (a final state equal to another, say). */
export function holds(figure: string, value: boolean, shown: string) {
  return { figure, value: shown, target: "yes", met: value };
}

/** A figure reported for what it is, without a target. */
export function reported(figure: string, value: number, unit: string) {
  return { figure, value: `${round(value)} ${unit}`, target: "-", met: undefined };
}

function round(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

/** Records a benchmark's judged figures for the table (when BENCH_RESULTS is set). */
export function recordResults(
  benchmark: string,
  figures: readonly Omit<BenchFigure, "benchmark">[],
): void {
  const file = process.env.BENCH_RESULTS;
  if (file === undefined || file === "") return;
  const lines = figures.map((figure) => JSON.stringify({ benchmark, ...figure }));
  appendFileSync(file, `${lines.join("\n")}\n`);
}
