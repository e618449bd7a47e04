// The one table `make bench` ends with: every benchmark's judged figures (bench/support/results.ts),
// their targets, and whether each is met.
import { existsSync, readFileSync } from "node:fs";
import type { BenchFigure } from "./support/results.ts";

const file = process.argv[2];
if (file === undefined || !existsSync(file)) {
  console.error("usage: node bench/summary.ts RESULTS_FILE (BENCH_RESULTS of the benchmarks)");
  process.exit(2);
}
const figures = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as BenchFigure);

const header = ["Benchmark", "Figure", "Value", "Target", "Met"];
const rows = figures.map((figure) => [
  figure.benchmark,
  figure.figure,
  figure.value,
  figure.target,
  figure.met === undefined ? "-" : figure.met ? "yes" : "NO",
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
);
const line = (cells: readonly string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
console.log("\n== Every benchmark's figures against their targets");
console.log(line(header));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const row of rows) console.log(line(row));
const judged = figures.filter((figure) => figure.met !== undefined);
const met = judged.filter((figure) => figure.met === true).length;
console.log(`${String(met)} of ${String(judged.length)} targets met.`);
