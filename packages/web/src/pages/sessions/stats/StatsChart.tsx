import { memo, useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { canDrawCharts } from "./can-draw-charts.ts";
import type { ChartColumns } from "./stats-view.ts";

interface Props {
  title: string;
  unit: string;
  data: ChartColumns;
}

const chartHeight = 90;
/** Vanilla's link blue. */
const lineColour = "#06c";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * The time axis' labels, one line each: ":45" within a minute, "20:25" on the minute. uPlot's own
 * add a second line with the date under the first tick, which the axis' 24 px cut in half.
 */
function timeAxisLabels(_plot: unknown, splits: number[]): string[] {
  return splits.map((seconds) => {
    const date = new Date(seconds * 1000);
    return date.getSeconds() === 0
      ? `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
      : `:${twoDigits(date.getSeconds())}`;
  });
}

function chartOptions(title: string, unit: string, width: number): uPlot.Options {
  return {
    width,
    height: chartHeight,
    // Small charts: the panel's rows carry the values, so no legend and no hover read-out.
    legend: { show: false },
    cursor: { show: false },
    series: [{}, { label: `${title} (${unit})`, stroke: lineColour, width: 1.5 }],
    axes: [
      { size: 24, font: "10px sans-serif", ticks: { size: 3 }, values: timeAxisLabels },
      { size: 40, font: "10px sans-serif", ticks: { size: 3 } },
    ],
  };
}

/**
 * A small time-series chart. uPlot is loaded only where a canvas can be drawn (not in jsdom, where
 * the chart stays an empty frame), and only when a chart is first shown. Its instance is made once
 * and then fed with `setData`, so a new sample redraws its canvas and nothing else; the container's
 * width is read when it is made and then followed through a ResizeObserver (no layout reads per
 * sample).
 */
export const StatsChart = memo(function StatsChart({ title, unit, data }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The data to draw when uPlot arrives (it loads asynchronously).
  const dataRef = useRef(data);

  useEffect(() => {
    dataRef.current = data;
    plotRef.current?.setData(data);
  }, [data]);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null || !canDrawCharts()) return;
    let cancelled = false;
    let plot: uPlot | undefined;
    let resizeObserver: ResizeObserver | undefined;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const created = new UPlot(
        chartOptions(title, unit, container.clientWidth),
        dataRef.current,
        container,
      );
      plot = created;
      plotRef.current = created;
      if (typeof ResizeObserver === "function") {
        resizeObserver = new ResizeObserver(([entry]) => {
          const width = Math.floor(entry?.contentRect.width ?? 0);
          if (width > 0 && width !== created.width) {
            created.setSize({ width, height: chartHeight });
          }
        });
        resizeObserver.observe(container);
      }
    });
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      plot?.destroy();
      plotRef.current = null;
    };
  }, [title, unit]);

  return (
    <figure className="stream-stats__chart">
      <figcaption className="stream-stats__chart-title">
        {title} ({unit})
      </figcaption>
      {/* The canvas pictures the history whose latest value the rows above give in words. */}
      <div ref={containerRef} className="stream-stats__chart-plot" aria-hidden="true" />
    </figure>
  );
});
