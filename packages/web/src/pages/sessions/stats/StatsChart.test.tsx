import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render } from "@testing-library/react";
import type { ChartColumns } from "./stats-view.ts";

/** The part of uPlot's options these tests read. */
interface FakeOptions {
  width: number;
  axes?: { values?: (plot: unknown, splits: number[]) => unknown }[];
}

/** What the chart asks of uPlot, recorded. */
const plots = vi.hoisted(() => {
  class FakePlot {
    static made: FakePlot[] = [];
    readonly data: unknown[] = [];
    destroyed = false;
    width: number;
    readonly options: FakeOptions;
    constructor(options: FakeOptions, data: unknown) {
      this.width = options.width;
      this.options = options;
      this.data.push(data);
      FakePlot.made.push(this);
    }
    setData(data: unknown) {
      this.data.push(data);
    }
    setSize() {
      // The container is not resized in jsdom.
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return FakePlot;
});

vi.mock("uplot", () => ({ default: plots }));

const { StatsChart } = await import("./StatsChart.tsx");

afterEach(() => {
  plots.made.length = 0;
  vi.unstubAllGlobals();
});

const first: ChartColumns = [[1], [4]];
const second: ChartColumns = [
  [1, 2],
  [4, 5],
];

/** Lets the dynamic import of uPlot settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("StatsChart", () => {
  it("makes its uPlot once and updates it in place with each new data", async () => {
    // jsdom draws no canvas: pretend it can, uPlot being faked.
    vi.stubGlobal("CanvasRenderingContext2D", vi.fn());
    const { rerender, unmount } = render(<StatsChart title="RTT" unit="ms" data={first} />);
    await settle();
    expect(plots.made).toHaveLength(1);

    rerender(<StatsChart title="RTT" unit="ms" data={second} />);
    await settle();

    expect(plots.made).toHaveLength(1);
    expect(plots.made[0]?.data).toEqual([first, second]);
    unmount();
    expect(plots.made[0]?.destroyed).toBe(true);
  });

  it("labels its time axis on one line, which the axis' height fits (no date line under it)", async () => {
    vi.stubGlobal("CanvasRenderingContext2D", vi.fn());
    render(<StatsChart title="RTT" unit="ms" data={first} />);
    await settle();
    const labels = plots.made[0]?.options.axes?.[0]?.values;
    const at = (minutes: number, seconds: number) =>
      new Date(2026, 11, 6, 20, minutes, seconds).getTime() / 1000;
    expect(labels?.(null, [at(24, 45), at(24, 50), at(25, 0)])).toEqual([":45", ":50", "20:25"]);
  });

  it("draws nothing where no canvas can be drawn, and shows its title", async () => {
    const { getByText } = render(<StatsChart title="RTT" unit="ms" data={first} />);
    await settle();

    expect(plots.made).toHaveLength(0);
    expect(getByText("RTT (ms)")).toBeInTheDocument();
  });
});
